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

/**
 * `POST /message/template/send`: one template to users, groups, communities or everyone (exactly one of
 * them). `values` gives the variables that are the same for everyone (`cluster`, `date`, default today);
 * `user_name`, `real_name` and `group_name` are each recipient's own.
 */
export const templateFixedVariables = ['cluster', 'date'] as const;
export const templateSendSchema = z
  .object({
    template_id: z.number().int().positive(),
    user_ids: z.array(z.number().int().positive()).min(1).max(100_000).optional(),
    group_ids: z.array(z.number().int().positive()).min(1).max(10_000).optional(),
    community_ids: z.array(z.number().int().positive()).min(1).max(10_000).optional(),
    everyone: z.literal(true).optional(),
    values: z
      .object({ cluster: z.string().trim().min(1).max(100).optional(), date: z.string().trim().min(1).max(100).optional() })
      .strict()
      .default({}),
  })
  .strict()
  .refine((b) => [b.user_ids, b.group_ids, b.community_ids, b.everyone].filter((x) => x !== undefined).length === 1, {
    path: ['user_ids'],
    message: 'give exactly one of user_ids, group_ids, community_ids, everyone',
  });
export type TemplateSendInput = z.input<typeof templateSendSchema>;

/** A send's progress: `delivered` of `total` recipients; `done` once every one has their message. */
export const templateSendStateSchema = z.object({
  id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_name: z.string(),
  state: z.enum(['pending', 'done']),
  total: z.number().int(),
  delivered: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TemplateSendState = z.infer<typeof templateSendStateSchema>;
export const templateSendIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The values each variable takes for one recipient; a variable without a value is left empty. */
export function renderTemplate(text: string, values: Partial<Record<(typeof templateVariables)[number], string>>, escape: (s: string) => string = (s) => s): string {
  return text.replace(/\{\{\s*([^{}\s]*)\s*\}\}/g, (_m, name: string) => escape(values[name as (typeof templateVariables)[number]] ?? ''));
}

/** Sample values for a preview. */
export const templateSampleValues: Record<(typeof templateVariables)[number], string> = {
  user_name: 'alice',
  real_name: 'Alice Zhang',
  group_name: 'physics',
  cluster: 'hpc1',
  date: '2026-01-31',
};
