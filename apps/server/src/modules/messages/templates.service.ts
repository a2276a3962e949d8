import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import { variablesIn, type MessageTemplate, type TemplateInput, type TemplateListQuery } from '@starlight/contract/message-templates';
import type { Database } from '../../db/client';
import { messageTemplates } from '../../db/schema/message-templates';
import { AppError, notFound } from '../../lib/app-error';
import { sanitizeMessageHtml } from '../../lib/rich-text';

type Row = typeof messageTemplates.$inferSelect;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const toTemplate = (row: Row): MessageTemplate => ({
  id: row.id,
  name: row.name,
  channel: row.channel as MessageTemplate['channel'],
  title: row.title,
  content: row.content,
  variables: [...new Set([...variablesIn(row.title), ...variablesIn(row.content)])],
  updated_at: row.updatedAt.toISOString(),
});
const taken = () => new AppError(Code.conflict, 'a template with this name exists', { fields: [{ path: 'body.name', message: 'taken' }] });
const isUnique = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Template CRUD (spec §7). Variables are checked by the contract's schema when saved; rich text is
 * sanitised here (SMS stays plain text). Sending (`POST /message/template/send`) is not built yet.
 */
export function createTemplatesService(db: Database) {
  const clean = (input: TemplateInput) => ({ ...input, content: input.channel === 'sms' ? input.content : sanitizeMessageHtml(input.content) });
  const get = async (id: number): Promise<MessageTemplate> => {
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    if (!row) throw notFound('template');
    return toTemplate(row);
  };
  return {
    async list(query: TemplateListQuery): Promise<List<MessageTemplate>> {
      const where: SQL | undefined = and(
        query.field_eq_channel ? eq(messageTemplates.channel, query.field_eq_channel) : undefined,
        query.field_lk_name ? ilike(messageTemplates.name, likePattern(query.field_lk_name)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(messageTemplates).where(where).orderBy(asc(messageTemplates.name)).limit(query.page_size).offset((query.page - 1) * query.page_size),
        db.select({ n: count() }).from(messageTemplates).where(where),
      ]);
      return { list: rows.map(toTemplate), total: total?.n ?? 0 };
    },
    get,
    async create(input: TemplateInput): Promise<MessageTemplate> {
      try {
        const [row] = await db.insert(messageTemplates).values(clean(input)).returning();
        return toTemplate(row!);
      } catch (error) {
        throw isUnique(error) ? taken() : error;
      }
    },
    async update(id: number, input: TemplateInput): Promise<MessageTemplate> {
      try {
        const [row] = await db.update(messageTemplates).set({ ...clean(input), updatedAt: new Date() }).where(eq(messageTemplates.id, id)).returning();
        if (!row) throw notFound('template');
        return toTemplate(row);
      } catch (error) {
        throw isUnique(error) ? taken() : error;
      }
    },
    async remove(id: number): Promise<void> {
      const [row] = await db.delete(messageTemplates).where(eq(messageTemplates.id, id)).returning();
      if (!row) throw notFound('template');
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
