import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageTemplates } from '../../db/schema/message-templates';

export type TemplateRow = typeof messageTemplates.$inferSelect;
type Values = Omit<typeof messageTemplates.$inferInsert, 'id' | 'updatedAt'>;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createTemplatesRepo(db: Database) {
  return {
    async page(filter: { channel?: string | undefined; nameLike?: string | undefined }, limit: number, offset: number): Promise<{ rows: TemplateRow[]; total: number }> {
      const where: SQL | undefined = and(
        filter.channel ? eq(messageTemplates.channel, filter.channel) : undefined,
        filter.nameLike ? ilike(messageTemplates.name, likePattern(filter.nameLike)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(messageTemplates).where(where).orderBy(asc(messageTemplates.name)).limit(limit).offset(offset),
        db.select({ n: count() }).from(messageTemplates).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    get: async (id: number): Promise<TemplateRow | undefined> => (await db.select().from(messageTemplates).where(eq(messageTemplates.id, id)))[0],
    insert: async (values: Values): Promise<TemplateRow> => (await db.insert(messageTemplates).values(values).returning())[0]!,
    update: async (id: number, values: Values): Promise<TemplateRow | undefined> =>
      (await db.update(messageTemplates).set({ ...values, updatedAt: new Date() }).where(eq(messageTemplates.id, id)).returning())[0],
    remove: async (id: number): Promise<TemplateRow | undefined> => (await db.delete(messageTemplates).where(eq(messageTemplates.id, id)).returning())[0],
  };
}

export type TemplatesRepo = ReturnType<typeof createTemplatesRepo>;
