import { Code } from '@starlight/contract/codes';
import {
  reopenDays,
  ticketInputSchema,
  type ReplyInput,
  type Ticket,
  type TicketDetail,
  type TicketInput,
  type TicketListQuery,
  type TicketPatch,
  type TicketState,
} from '@starlight/contract/tickets';
import type { List } from '@starlight/contract/envelope';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { sanitizeMessageHtml } from '../../lib/rich-text';
import type { TicketRow, TicketWithNames, TicketsRepo } from './tickets.repo';
import type { TicketAttachmentReader } from './attachments';
import type { TicketNotices } from './notices';

/** The key that makes a user support staff: every ticket, assignment, states, internal notes. */
export const staffKey = 'manage_ticket';
const dayMs = 86_400_000;

const invalid = (path: string, message: string) => new AppError(Code.invalidInput, message, { fields: [{ path, message }] });
const conflict = (reason: string, info: string) => new AppError(Code.conflict, info, { reason });
/** Sanitised rich text; what sanitising leaves empty (a lone script) is refused naming the field. */
const richText = (html: string, field: string) => {
  const clean = sanitizeMessageHtml(html);
  if (clean.replace(/<[^>]*>/g, '').trim() === '') throw invalid(field, 'must not be empty');
  return clean;
};
const seconds = (from: Date, to: Date | null) => (to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null);

export const toTicket = (row: TicketWithNames): Ticket => ({
  id: row.id,
  user_id: row.userId,
  user_name: row.userName,
  category: row.category as Ticket['category'],
  cluster: row.cluster,
  job_id: row.jobId,
  title: row.title,
  state: row.state as TicketState,
  assignee_id: row.assigneeId,
  assignee_name: row.assigneeName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  first_response_seconds: seconds(row.createdAt, row.firstResponseAt),
  resolution_seconds: seconds(row.createdAt, row.resolvedAt),
  closed_at: row.closedAt?.toISOString() ?? null,
});

/** Resolved or closed long enough ago that reopening is refused (a new ticket then). */
const reopenExpired = (row: TicketRow, now: Date) => {
  const since = row.closedAt ?? row.resolvedAt;
  return since !== null && now.getTime() - since.getTime() > reopenDays * dayMs;
};

/**
 * Tickets: a user sees and acts on their own; holders of `manage_ticket` see every ticket, assign,
 * change states and write internal notes. Every state change runs on the locked row (repo.change).
 */
export function createTicketsService({
  repo,
  attachments,
  notices,
  now = () => new Date(),
  ownsJob,
}: {
  repo: TicketsRepo;
  attachments: TicketAttachmentReader;
  notices: TicketNotices;
  now?: () => Date;
  /** Whether the job is the user's own (the jobs module); absent: related jobs are refused. */
  ownsJob?: (userId: number, clusterName: string | null, jobId: string) => Promise<boolean>;
}) {
  const isStaff = (actor: Actor) => actor.permissions.includes(staffKey);
  /** Another user's ticket is 1404 to a non-staff caller, as if it did not exist. */
  async function visible(actor: Actor, id: number): Promise<TicketWithNames> {
    const row = await repo.get(id);
    if (!row || (row.userId !== actor.userId && !isStaff(actor))) throw notFound('ticket');
    return row;
  }
  const may = (actor: Actor, row: TicketRow) => {
    const involved = row.userId === actor.userId || isStaff(actor);
    return {
      reply: involved && row.state !== 'closed' && (isStaff(actor) || row.state !== 'resolved'),
      close: involved && row.state !== 'closed',
      reopen: involved && (row.state === 'closed' || row.state === 'resolved') && !reopenExpired(row, now()),
      manage: isStaff(actor),
    };
  };

  async function detail(actor: Actor, id: number): Promise<TicketDetail> {
    const row = await visible(actor, id);
    const staff = isStaff(actor);
    const [replies, files] = await Promise.all([repo.replies(id), repo.attachments(id)]);
    return {
      ...toTicket(row),
      body: row.body,
      attachments: files,
      replies: replies
        .filter(({ r }) => staff || !r.internal)
        .map(({ r, authorName }) => ({ id: r.id, author_id: r.authorId, author_name: authorName ?? '', staff: r.staff, internal: r.internal, body: r.body, created_at: r.createdAt.toISOString() })),
      can: may(actor, row),
    };
  }

  return {
    isStaff,
    async list(actor: Actor, query: TicketListQuery): Promise<List<Ticket>> {
      const { rows, total } = await repo.page(
        {
          userId: isStaff(actor) ? undefined : actor.userId,
          state: query.field_eq_state,
          category: query.field_eq_category,
          assigneeId: query.field_eq_assignee_id,
          titleLike: query.field_lk_title,
          openedBefore: query.min_age_days === undefined ? undefined : new Date(now().getTime() - query.min_age_days * dayMs),
        },
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      return { list: rows.map(toTicket), total };
    },
    detail,

    /** The attachments are read from the caller's storage as their bound account before anything is written. */
    async create(actor: Actor, raw: TicketInput): Promise<TicketDetail> {
      const input = ticketInputSchema.parse(raw);
      const body = richText(input.body, 'body.body');
      // the related job is one of the author's own (another user's and a missing one answer alike)
      if (input.job_id && !(await ownsJob?.(actor.userId, input.cluster || null, input.job_id))) throw invalid('body.job_id', 'not a job of yours');
      const files = [];
      for (const [i, source] of input.attachments.entries()) files.push(await attachments.read(actor, source, `body.attachments.${i}.path`));
      const at = now();
      const row = await repo.create(
        {
          userId: actor.userId,
          category: input.category,
          cluster: input.cluster || null,
          jobId: input.job_id || null,
          title: input.title,
          body,
          createdAt: at,
          updatedAt: at,
        },
        files,
      );
      return detail(actor, row.id);
    },

    /**
     * The owner's reply moves a ticket waiting for them back to staff; a staff public reply is the
     * first response (if none yet), waits for the user, and notifies them. Internal notes change nothing.
     */
    async reply(actor: Actor, id: number, input: ReplyInput): Promise<TicketDetail> {
      const ticket = await visible(actor, id);
      const staff = isStaff(actor);
      const internal = input.internal ?? false;
      if (internal && !staff) throw new AppError(Code.forbidden, 'only support staff write internal notes', { fields: [{ path: 'body.internal', message: 'staff only' }] });
      const asStaff = staff && (ticket.userId !== actor.userId || internal);
      const body = richText(input.body, 'body.body');
      await repo.change(id, (row) => {
        if (row.state === 'closed') throw conflict('ticket-closed', 'the ticket is closed: reopen it first');
        if (row.state === 'resolved' && !asStaff) throw conflict('ticket-resolved', 'the ticket is resolved: reopen it first');
        const at = now();
        const set: Partial<TicketRow> = {};
        if (asStaff && !internal) {
          if (!row.firstResponseAt) set.firstResponseAt = at;
          if (row.state === 'open' || row.state === 'in_progress') set.state = 'waiting_user';
        } else if (!asStaff && row.state === 'waiting_user') set.state = row.assigneeId ? 'in_progress' : 'open';
        return { set, reply: { authorId: actor.userId, staff: asStaff, internal, body, createdAt: at }, result: null };
      });
      if (asStaff && !internal) await notices.replied(ticket, actor.userName, body);
      return detail(actor, id);
    },

    /** Staff: a state among open/in progress/waiting/resolved, or the assignee (who must hold the ticket key). */
    async update(actor: Actor, id: number, patch: TicketPatch): Promise<TicketDetail> {
      const ticket = await visible(actor, id);
      if (patch.assignee_id !== undefined && patch.assignee_id !== null) {
        const holders = await repo.holders(staffKey);
        if (!holders.some((h) => h.id === patch.assignee_id)) throw invalid('body.assignee_id', 'not a support staff member');
      }
      const changedState = await repo.change(id, (row) => {
        if (row.state === 'closed') throw conflict('ticket-closed', 'the ticket is closed: reopen it first');
        const set: Partial<TicketRow> = {};
        if (patch.assignee_id !== undefined) set.assigneeId = patch.assignee_id;
        if (patch.state && patch.state !== row.state) {
          set.state = patch.state;
          set.resolvedAt = patch.state === 'resolved' ? now() : null;
          if (patch.state === 'in_progress' && !row.assigneeId && patch.assignee_id === undefined) set.assigneeId = actor.userId;
        }
        return { set, result: set.state ?? null };
      });
      if (changedState === 'resolved') await notices.stateChanged(ticket, 'resolved');
      return detail(actor, id);
    },

    async close(actor: Actor, id: number): Promise<TicketDetail> {
      const ticket = await visible(actor, id);
      await repo.change(id, (row) => {
        if (row.state === 'closed') throw conflict('ticket-closed', 'the ticket is already closed');
        const at = now();
        return { set: { state: 'closed', closedAt: at, resolvedAt: row.resolvedAt ?? at }, result: null };
      });
      if (ticket.userId !== actor.userId) await notices.stateChanged(ticket, 'closed');
      return detail(actor, id);
    },

    async reopen(actor: Actor, id: number): Promise<TicketDetail> {
      await visible(actor, id);
      await repo.change(id, (row) => {
        if (row.state !== 'closed' && row.state !== 'resolved') throw conflict('ticket-not-closed', 'only a resolved or closed ticket can be reopened');
        if (reopenExpired(row, now())) throw conflict('reopen-expired', `a ticket can be reopened within ${reopenDays} days: open a new one`);
        return { set: { state: row.assigneeId ? 'in_progress' : 'open', closedAt: null, resolvedAt: null }, result: null };
      });
      return detail(actor, id);
    },

    async attachment(actor: Actor, id: number, attachmentId: number): Promise<{ name: string; content: Buffer }> {
      await visible(actor, id);
      const file = await repo.attachment(id, attachmentId);
      if (!file) throw notFound('attachment');
      return { name: file.name, content: file.content };
    },

    assignees: async () => (await repo.holders(staffKey)).map((h) => ({ id: h.id, user_name: h.userName })),
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
