import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';

export type NewAuditRow = typeof auditEvents.$inferInsert;

export function createAuditRepo(db: Database) {
  return {
    async insert(values: NewAuditRow): Promise<void> {
      await db.insert(auditEvents).values(values);
    },

    async listForUser(userId: number, action: string, limit: number, offset: number) {
      const where = and(eq(auditEvents.userId, userId), eq(auditEvents.action, action));
      const [list, [total]] = await Promise.all([
        db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(auditEvents).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
