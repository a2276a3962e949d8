import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/**
 * Support tickets (issue 11; spec §2 /ticket: create, manage, detail/:id). The spec shows no ticket
 * calls: they live under `/ticket/…` in the style of its list calls.
 */
export const ticketCategories = ['job', 'storage', 'account', 'app', 'other'] as const;
export const ticketCategorySchema = z.enum(ticketCategories);
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** open → in_progress → waiting_user → resolved → closed; resolved or closed reopen within `reopenDays`. */
export const ticketStates = ['open', 'in_progress', 'waiting_user', 'resolved', 'closed'] as const;
export const ticketStateSchema = z.enum(ticketStates);
export type TicketState = z.infer<typeof ticketStateSchema>;
export const reopenDays = 14;

/** Per attachment and per ticket (the bytes are copied out of the user's storage when the ticket is made). */
export const attachmentMaxBytes = 10 * 1024 * 1024;
export const attachmentsPerTicket = 3;

/** Rich text (HTML, sanitised by the server with the messages' allow list); the text inside must not be empty. */
const richBody = z.string().max(50_000).refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, 'must not be empty');

/** A file in the caller's own storage (the file manager's path; `cluster` and `storage` as its calls take them). */
export const attachmentSourceSchema = z
  .object({
    path: z.string().min(1).max(4096),
    cluster: z.string().min(1).max(64).optional(),
    storage: z.string().min(1).max(64).optional(),
  })
  .strict();
export type AttachmentSource = z.infer<typeof attachmentSourceSchema>;

export const ticketInputSchema = z
  .object({
    category: ticketCategorySchema,
    cluster: z.string().trim().max(64).nullable().default(null),
    /** A job (or app run) of the caller's, as the scheduler names it. */
    job_id: z.string().trim().max(64).nullable().default(null),
    title: z.string().trim().min(1).max(200),
    body: richBody,
    attachments: z.array(attachmentSourceSchema).max(attachmentsPerTicket).default([]),
  })
  .strict();
export type TicketInput = z.input<typeof ticketInputSchema>;

export const replyInputSchema = z
  .object({
    body: richBody,
    /** Staff only: a note the user never sees. */
    internal: z.boolean().default(false),
  })
  .strict();
export type ReplyInput = z.input<typeof replyInputSchema>;

/** Staff: change the state or the assignee (null: unassigned). Closing and reopening have their own calls. */
export const ticketPatchSchema = z
  .object({
    state: z.enum(['open', 'in_progress', 'waiting_user', 'resolved']).optional(),
    assignee_id: z.number().int().positive().nullable().optional(),
  })
  .strict()
  .refine((p) => p.state !== undefined || p.assignee_id !== undefined, 'state or assignee_id is required');
export type TicketPatch = z.infer<typeof ticketPatchSchema>;

export const ticketListQuerySchema = pageQuerySchema.extend({
  field_eq_state: ticketStateSchema.optional(),
  field_eq_category: ticketCategorySchema.optional(),
  /** 0: unassigned. */
  field_eq_assignee_id: z.coerce.number().int().min(0).optional(),
  field_lk_title: z.string().max(200).optional(),
  /** Only tickets opened at least this many days ago. */
  min_age_days: z.coerce.number().int().min(0).max(3650).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketAttachmentSchema = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketReplySchema = z.object({
  id: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  staff: z.boolean(),
  internal: z.boolean(),
  body: z.string(),
  created_at: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  category: ticketCategorySchema,
  cluster: z.string().nullable(),
  job_id: z.string().nullable(),
  title: z.string(),
  state: ticketStateSchema,
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Seconds from opening to the first staff reply (null: none yet). */
  first_response_seconds: z.number().int().nullable(),
  /** Seconds from opening to resolved/closed (null: not yet). */
  resolution_seconds: z.number().int().nullable(),
  closed_at: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketDetailSchema = ticketSchema.extend({
  body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  replies: z.array(ticketReplySchema),
  /** What the caller may do now (the page shows only these). */
  can: z.object({ reply: z.boolean(), close: z.boolean(), reopen: z.boolean(), manage: z.boolean() }),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketAssigneeSchema = z.object({ id: z.number().int(), user_name: z.string() });
export type TicketAssignee = z.infer<typeof ticketAssigneeSchema>;

export const ticketIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const attachmentParamsSchema = z.object({ id: z.coerce.number().int().positive(), attachmentId: z.coerce.number().int().positive() });
