import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/**
 * Message templates (issue 11; spec §7 `/message/template`, `GET /message/telephone/template`). A
 * template names only the variables below (`{{user_name}}` …), checked when it is saved; SMS templates
 * are plain text, the others rich text sanitised by the server.
 */
export const templateVariables = ['user_name', 'real_name', 'group_name', 'cluster', 'date'] as const;
export const templateChannels = ['in_app', 'email', 'sms'] as const;
export const templateChannelSchema = z.enum(templateChannels);

/** Every `{{name}}` in a text (spaces inside the braces allowed). */
export const variablesIn = (text: string): string[] => [...text.matchAll(/\{\{\s*([^{}\s]*)\s*\}\}/g)].map((m) => m[1]!);

const known = new Set<string>(templateVariables);
const onlyKnown = (text: string) => variablesIn(text).every((v) => known.has(v));
const unknownMessage = `unknown variable: use ${templateVariables.map((v) => `{{${v}}}`).join(', ')}`;

export const templateInputSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    channel: templateChannelSchema,
    title: z.string().trim().min(1).max(200).refine(onlyKnown, unknownMessage),
    content: z.string().min(1).max(50_000).refine(onlyKnown, unknownMessage),
  })
  .strict()
  .refine((t) => t.channel !== 'sms' || t.content.length <= 500, { path: ['content'], message: 'an SMS template is at most 500 characters' });
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: templateChannelSchema,
  title: z.string(),
  content: z.string(),
  variables: z.array(z.string()),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;

export const templateListQuerySchema = pageQuerySchema.extend({
  field_eq_channel: templateChannelSchema.optional(),
  field_lk_name: z.string().max(64).optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;
export const templateIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
