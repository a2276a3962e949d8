import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/** Message (spec §3): unread messages have status 1 (spec §4). */
export const MessageStatus = { unread: 1, read: 2 } as const;

/**
 * What a message is about. Each kind has its own per-user channel choice; the later kinds (ticket
 * replied, application approved, CPU-hour limit) are appended here when their modules send.
 */
export const messageKinds = ['notice', 'password_changed', 'binding_done', 'quota_changed', 'job_finished', 'job_failed', 'application', 'ticket', 'fee_over_limit'] as const;
export const messageKindSchema = z.enum(messageKinds);
export type MessageKind = z.infer<typeof messageKindSchema>;

/** Delivery channels a user chooses per kind (SMS joins with the template issue). */
export const messageChannels = ['in_app', 'email'] as const;
export type MessageChannel = (typeof messageChannels)[number];

export interface ChannelChoice {
  in_app: boolean;
  email: boolean;
}

/** Defaults when the user chose nothing: job notices are opt-in, a password change is also e-mailed. */
export const defaultChannels: Record<MessageKind, ChannelChoice> = {
  notice: { in_app: true, email: false },
  password_changed: { in_app: true, email: true },
  binding_done: { in_app: true, email: false },
  quota_changed: { in_app: true, email: false },
  job_finished: { in_app: false, email: false },
  job_failed: { in_app: false, email: false },
  /** Approvals: an application to decide, decided, or a period ending (issue 11). */
  application: { in_app: true, email: false },
  /** Tickets: a staff reply or a state change on one's own ticket (issue 11). */
  ticket: { in_app: true, email: false },
  /** Fees: the user became over the CPU-hour (or money) limit, or was blocked (issue 11). */
  fee_over_limit: { in_app: true, email: true },
};

/**
 * Rich text allowed in a message body (spec §5): the server keeps only these when storing and the
 * browser renders only these (DOMPurify), so a message can never carry script or styles.
 */
export const messageHtmlAllowList = {
  tags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span'],
  attributes: { a: ['href', 'title', 'target', 'rel'] } as Record<string, string[]>,
  schemes: ['http', 'https', 'mailto'],
} as const;

export const messageSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  kind: messageKindSchema,
  title: z.string(),
  /** Sanitised HTML (messageHtmlAllowList). */
  content: z.string(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListQuerySchema = pageQuerySchema.extend({
  field_eq_status: z.coerce.number().int().optional(),
  field_eq_kind: messageKindSchema.optional(),
  field_lk_title: z.string().max(200).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageStatusSchema = z.union([z.literal(MessageStatus.unread), z.literal(MessageStatus.read)]);
export const messageStatusPatchSchema = z.object({ status: messageStatusSchema }).strict();
export type MessageStatusPatch = z.infer<typeof messageStatusPatchSchema>;

export const messageIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /message/message/read_all (ours): how many changed. */
export const messagesMarkedSchema = z.object({ changed: z.number().int() });
export type MessagesMarked = z.infer<typeof messagesMarkedSchema>;

export const messagePreferenceSchema = z.object({ kind: messageKindSchema, in_app: z.boolean(), email: z.boolean() }).strict();
export type MessagePreference = z.infer<typeof messagePreferenceSchema>;
/** GET /message/preference answers every kind; PUT takes the kinds to change. */
export const messagePreferencesSchema = z.object({ list: z.array(messagePreferenceSchema) });
export const messagePreferencesInputSchema = z.object({ list: z.array(messagePreferenceSchema).min(1).max(messageKinds.length) }).strict();
export type MessagePreferencesInput = z.infer<typeof messagePreferencesInputSchema>;
