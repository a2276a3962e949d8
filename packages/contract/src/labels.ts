import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/**
 * Label types and labels (spec §3 "managed by id", §7 Labels). A link setting is a label of the
 * type `link` whose description holds the value (spec §3, §7 "Link settings").
 */
export const linkLabelTypeName = 'link';
export const transferClientVersionName = 'transclient-version';
export const transferClientPlatforms = ['Win', 'Linux', 'Darwin'] as const;
export type TransferClientPlatform = (typeof transferClientPlatforms)[number];
export const transferClientLinkName = (version: string, platform: TransferClientPlatform): string =>
  `transclient-${version}-${platform}`;

/** Type names are identifiers other code looks up (`link`): a letter, then letters, digits, `_` or `-`. */
export const labelTypeNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
/** Label names are shown and looked up as typed: no leading/trailing space, no control characters. */
export const labelNamePattern = /^[^\s\p{Cc}](?:[^\p{Cc}]{0,62}[^\s\p{Cc}])?$/u;
export const labelDescriptionMax = 2000;

const typeName = z
  .string()
  .regex(labelTypeNamePattern, 'a letter, then up to 31 letters, digits, "_" or "-"');
const labelName = z.string().regex(labelNamePattern, '1 to 64 characters, no control characters, no space at either end');
const description = z.string().max(labelDescriptionMax, `at most ${labelDescriptionMax} characters`);

export const labelTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  label_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LabelType = z.infer<typeof labelTypeSchema>;

export const labelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  label_type_id: z.number().int(),
  label_type_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

const id = z.coerce.number().int().positive();
const filterText = z.string().max(200);

export const labelTypeListQuerySchema = pageQuerySchema.extend({
  field_eq_id: id.optional(),
  field_eq_name: filterText.optional(),
  field_lk_name: filterText.optional(),
});
export type LabelTypeListQuery = z.infer<typeof labelTypeListQuerySchema>;

export const labelListQuerySchema = pageQuerySchema.extend({
  field_eq_id: id.optional(),
  field_eq_name: filterText.optional(),
  field_lk_name: filterText.optional(),
  field_lk_description: filterText.optional(),
  field_eq_label_type_id: id.optional(),
  field_eq_label_type_name: filterText.optional(),
});
export type LabelListQuery = z.infer<typeof labelListQuerySchema>;

export const labelTypeCreateSchema = z.object({ name: typeName, description: description.default('') }).strict();
export type LabelTypeCreate = z.infer<typeof labelTypeCreateSchema>;
export const labelTypePatchSchema = z
  .object({ name: typeName.optional(), description: description.optional() })
  .strict()
  .refine((patch) => patch.name !== undefined || patch.description !== undefined, 'nothing to change');
export type LabelTypePatch = z.infer<typeof labelTypePatchSchema>;

/** A label names its type by id, or by name (`link`) as the link-settings editor does. */
export const labelCreateSchema = z
  .object({
    name: labelName,
    description: description.default(''),
    label_type_id: id.optional(),
    label_type_name: typeName.optional(),
  })
  .strict()
  .refine((input) => (input.label_type_id === undefined) !== (input.label_type_name === undefined), {
    message: 'give label_type_id or label_type_name (one of them)',
    path: ['label_type_id'],
  });
export type LabelCreate = z.infer<typeof labelCreateSchema>;
export const labelPatchSchema = z
  .object({ name: labelName.optional(), description: description.optional(), label_type_id: id.optional() })
  .strict()
  .refine((p) => p.name !== undefined || p.description !== undefined || p.label_type_id !== undefined, 'nothing to change');
export type LabelPatch = z.infer<typeof labelPatchSchema>;

export const labelIdParamsSchema = z.object({ id });
export const deletedSchema = z.object({ id: z.number().int() });

/** 'no such value {name}' (spec §8): the error text for a missing link setting. */
export const noSuchValue = (name: string): string => `no such value ${name}`;

/** The browser's platform from its user agent, as the transfer-client links name it. */
export function platformFromUserAgent(userAgent: string): TransferClientPlatform | null {
  if (/Windows|Win64|Win32/i.test(userAgent)) return 'Win';
  // iPhone/iPad report "like Mac OS X": no desktop client for them
  if (/iPhone|iPad|iPod/i.test(userAgent)) return null;
  if (/Macintosh|Mac OS X/i.test(userAgent)) return 'Darwin';
  if (/Android/i.test(userAgent)) return null;
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'Linux';
  return null;
}

/**
 * Spec §7 `/label/relation/type`: which kinds of object a label type's labels are for (`app`, `image`),
 * beside the relations of single labels to apps and images (`/label/relation/app`, `/label/relation/image`).
 */
export const labelTargets = ['app', 'image'] as const;
export type LabelTarget = (typeof labelTargets)[number];
export const labelTypeRelationBodySchema = z.object({ label_type_id: z.number().int().positive(), target: z.enum(labelTargets) }).strict();
export type LabelTypeRelationBody = z.infer<typeof labelTypeRelationBodySchema>;
export const labelTypeRelationQuerySchema = pageQuerySchema.extend({
  field_eq_label_type_id: id.optional(),
  field_eq_target: z.enum(labelTargets).optional(),
});
export type LabelTypeRelationQuery = z.infer<typeof labelTypeRelationQuerySchema>;
export const labelTypeRelationSchema = z.object({
  label_type_id: z.number().int(),
  label_type_name: z.string(),
  target: z.enum(labelTargets),
  created_at: z.string(),
});
export type LabelTypeRelation = z.infer<typeof labelTypeRelationSchema>;
