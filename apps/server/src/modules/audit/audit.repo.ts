import { and, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';

export type NewAuditRow = typeof auditEvents.$inferInsert;

export function createAuditRepo(db: Database) {
  return {
    async insert(values: NewAuditRow): Promise<void> {
      await db.insert(auditEvents).values(values);
    },

    /** Successful events of one action in [from, to) (the statistics module's image report reads image_token). */
    okEventsBetween: (action: string, from: Date, to: Date) =>
      db
        .select({ userName: auditEvents.userName, target: auditEvents.target, detail: auditEvents.detail })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.result, 'ok'), gte(auditEvents.createdAt, from), lt(auditEvents.createdAt, to))),

    /** Sign-ins in [from, to) for the statistics module (through the service). */
    signInsBetween: (from: Date, to: Date) =>
      db
        .select({ userId: auditEvents.userId, userName: auditEvents.userName, result: auditEvents.result, detail: auditEvents.detail })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'login'), gte(auditEvents.createdAt, from), lt(auditEvents.createdAt, to))),

    async listForUser(userId: number, action: string, limit: number, offset: number) {
      const where = and(eq(auditEvents.userId, userId), eq(auditEvents.action, action));
      const [list, [total]] = await Promise.all([
        db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(auditEvents).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    /** The admin audit page: newest first, every filter optional. */
    async search(filters: AuditSearch, limit: number, offset: number) {
      const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const conditions: (SQL | undefined)[] = [
        filters.actor ? or(ilike(auditEvents.userName, like(filters.actor)), ilike(auditEvents.impersonatorName, like(filters.actor))) : undefined,
        filters.target ? ilike(auditEvents.target, like(filters.target)) : undefined,
        filters.action ? eq(auditEvents.action, filters.action) : undefined,
        filters.result ? eq(auditEvents.result, filters.result) : undefined,
        filters.from ? gte(auditEvents.createdAt, filters.from) : undefined,
        filters.to ? lte(auditEvents.createdAt, filters.to) : undefined,
      ];
      const where = and(...conditions);
      const [list, [total]] = await Promise.all([
        db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(auditEvents).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },
  };
}

export interface AuditSearch {
  /** Part of the actor's name (or of the real user's behind a switched session). */
  actor?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  result?: 'ok' | 'failed' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
