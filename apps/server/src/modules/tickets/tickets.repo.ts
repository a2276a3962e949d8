import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rolePermissions, userRoles, users } from '../../db/schema/identity';
import { ticketAttachments, ticketReplies, tickets } from '../../db/schema/tickets';

export type TicketRow = typeof tickets.$inferSelect;
export type ReplyRow = typeof ticketReplies.$inferSelect;
export type TicketWithNames = TicketRow & { userName: string; assigneeName: string | null };

export interface TicketFilter {
  userId?: number | undefined;
  state?: string | undefined;
  category?: string | undefined;
  /** 0: unassigned. */
  assigneeId?: number | undefined;
  titleLike?: string | undefined;
  openedBefore?: Date | undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const assignee = alias(users, 'assignee');

/** Tickets, their replies and attachments; reads user names and who holds the ticket key. */
export function createTicketsRepo(db: Database) {
  const where = (f: TicketFilter): SQL | undefined =>
    and(
      f.userId === undefined ? undefined : eq(tickets.userId, f.userId),
      f.state ? eq(tickets.state, f.state) : undefined,
      f.category ? eq(tickets.category, f.category) : undefined,
      f.assigneeId === undefined ? undefined : f.assigneeId === 0 ? isNull(tickets.assigneeId) : eq(tickets.assigneeId, f.assigneeId),
      f.titleLike ? ilike(tickets.title, likePattern(f.titleLike)) : undefined,
      f.openedBefore ? lte(tickets.createdAt, f.openedBefore) : undefined,
    );
  const withNames = () =>
    db
      .select({ t: tickets, userName: users.userName, assigneeName: assignee.userName })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .leftJoin(assignee, eq(assignee.id, tickets.assigneeId));
  const flat = (r: { t: TicketRow; userName: string; assigneeName: string | null }): TicketWithNames => ({ ...r.t, userName: r.userName, assigneeName: r.assigneeName });

  return {
    async page(filter: TicketFilter, limit: number, offset: number): Promise<{ rows: TicketWithNames[]; total: number }> {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        withNames().where(condition).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(tickets).where(condition),
      ]);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },
    async get(id: number): Promise<TicketWithNames | undefined> {
      const [row] = await withNames().where(eq(tickets.id, id));
      return row && flat(row);
    },
    /** The ticket and its attachments in one transaction: a ticket never exists without the files it was sent with. */
    create: (values: typeof tickets.$inferInsert, files: { name: string; content: Buffer }[]): Promise<TicketRow> =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(tickets).values(values).returning();
        if (files.length > 0) await tx.insert(ticketAttachments).values(files.map((f) => ({ ticketId: row!.id, name: f.name, size: f.content.length, content: f.content })));
        return row!;
      }),
    /**
     * A change that depends on the current state: the row is locked, `decide` sees it and answers the
     * new values (or throws), so two callers (a close and a staff reply) take turns and neither is lost.
     */
    change: <T>(id: number, decide: (row: TicketRow) => { set: Partial<typeof tickets.$inferInsert>; reply?: Omit<typeof ticketReplies.$inferInsert, 'ticketId'>; result: T }): Promise<T | undefined> =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
        if (!row) return undefined;
        const { set, reply, result } = decide(row);
        const now = new Date();
        await tx.update(tickets).set({ ...set, updatedAt: now }).where(eq(tickets.id, id));
        if (reply) await tx.insert(ticketReplies).values({ ...reply, ticketId: id, createdAt: now });
        return result;
      }),
    replies: (ticketId: number) =>
      db
        .select({ r: ticketReplies, authorName: users.userName })
        .from(ticketReplies)
        .leftJoin(users, eq(users.id, ticketReplies.authorId))
        .where(eq(ticketReplies.ticketId, ticketId))
        .orderBy(asc(ticketReplies.id)),
    attachments: (ticketId: number) =>
      db.select({ id: ticketAttachments.id, name: ticketAttachments.name, size: ticketAttachments.size }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId)).orderBy(asc(ticketAttachments.id)),
    attachment: async (ticketId: number, id: number) =>
      (await db.select().from(ticketAttachments).where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, id))))[0],
    /** Enabled users holding `key` through a role: who tickets can be assigned to. */
    holders: (key: string) =>
      db
        .selectDistinct({ id: users.id, userName: users.userName })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .where(and(eq(rolePermissions.permissionKey, key), eq(users.disabled, false)))
        .orderBy(asc(users.userName)),
    /** Statistics: tickets opened, first responses, and resolutions in [from, to). */
    between: (from: Date, to: Date) =>
      db
        .select({ category: tickets.category, createdAt: tickets.createdAt, firstResponseAt: tickets.firstResponseAt, resolvedAt: tickets.resolvedAt })
        .from(tickets)
        .where(
          sql`(${tickets.createdAt} >= ${from} and ${tickets.createdAt} < ${to}) or (${tickets.firstResponseAt} >= ${from} and ${tickets.firstResponseAt} < ${to}) or (${tickets.resolvedAt} >= ${from} and ${tickets.resolvedAt} < ${to})`,
        ),
    userIds: (ids: readonly number[]) => db.select({ id: users.id }).from(users).where(inArray(users.id, [...ids, -1])),
  };
}

export type TicketsRepo = ReturnType<typeof createTicketsRepo>;
