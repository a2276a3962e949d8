import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/** Message (spec §3): unread messages have status 1 (spec §4). */
export const MessageStatus = { unread: 1, read: 2 } as const;

export const messageSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListQuerySchema = pageQuerySchema.extend({
  field_eq_status: z.coerce.number().int().optional(),
  field_lk_title: z.string().max(200).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageStatusPatchSchema = z
  .object({ status: z.union([z.literal(MessageStatus.unread), z.literal(MessageStatus.read)]) })
  .strict();
export type MessageStatusPatch = z.infer<typeof messageStatusPatchSchema>;

export const messageIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
