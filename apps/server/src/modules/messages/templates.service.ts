import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import { variablesIn, type MessageTemplate, type TemplateInput, type TemplateListQuery } from '@starlight/contract/message-templates';
import { AppError, notFound } from '../../lib/app-error';
import { sanitizeMessageHtml } from '../../lib/rich-text';
import type { TemplateRow as Row, TemplatesRepo } from './templates.repo';

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
export function createTemplatesService(repo: TemplatesRepo) {
  const clean = (input: TemplateInput) => ({ ...input, content: input.channel === 'sms' ? input.content : sanitizeMessageHtml(input.content) });
  const get = async (id: number): Promise<MessageTemplate> => {
    const row = await repo.get(id);
    if (!row) throw notFound('template');
    return toTemplate(row);
  };
  return {
    async list(query: TemplateListQuery): Promise<List<MessageTemplate>> {
      const { rows, total } = await repo.page({ channel: query.field_eq_channel, nameLike: query.field_lk_name }, query.page_size, (query.page - 1) * query.page_size);
      return { list: rows.map(toTemplate), total };
    },
    get,
    async create(input: TemplateInput): Promise<MessageTemplate> {
      try {
        return toTemplate(await repo.insert(clean(input)));
      } catch (error) {
        throw isUnique(error) ? taken() : error;
      }
    },
    async update(id: number, input: TemplateInput): Promise<MessageTemplate> {
      let row: Row | undefined;
      try {
        row = await repo.update(id, clean(input));
      } catch (error) {
        throw isUnique(error) ? taken() : error;
      }
      if (!row) throw notFound('template');
      return toTemplate(row);
    },
    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('template');
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
