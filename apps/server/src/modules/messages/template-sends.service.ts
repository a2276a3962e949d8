import { Code } from '@starlight/contract/codes';
import { renderTemplate, templateFixedVariables, variablesIn, type TemplateSendState, type templateSendSchema } from '@starlight/contract/message-templates';
import type { PermissionKey } from '@starlight/contract/permissions';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import { sanitizeMessageHtml } from '../../lib/rich-text';
import type { Sender } from './send.service';
import type { Audience, SendRow, TemplateSendsRepo } from './template-sends.repo';
import type { TemplatesRepo } from './templates.repo';

type SendBody = z.output<typeof templateSendSchema>;
const manageKey: PermissionKey = 'manage_message_template';

export interface TemplateSendsDeps {
  repo: TemplateSendsRepo;
  templates: TemplatesRepo;
  sender: Pick<Sender, 'deliverIn' | 'announce'>;
  /** Recipients per transaction. */
  batch?: number;
  now?: () => Date;
  log?: (error: unknown, context: string) => void;
}

const field = (path: string, message: string, code: number = Code.invalidInput) => new AppError(code, message, { fields: [{ path, message }] });

/**
 * `POST /message/template/send` (README "Sending a template"). The call stores the send and one
 * pending recipient row per user, and returns; the leader (`run`) delivers it in batches, each batch one
 * transaction that inserts the messages (dedupe key `send:<id>`) and marks the recipients delivered, so
 * a process killed mid-send loses and repeats nothing, and the next leader resumes what is pending.
 */
export function createTemplateSends({ repo, templates, sender, batch = 500, now = () => new Date(), log = () => undefined }: TemplateSendsDeps) {
  const toState = async (row: SendRow): Promise<TemplateSendState> => ({
    id: row.id,
    template_id: row.templateId,
    template_name: row.templateName,
    state: row.state === 'done' ? 'done' : 'pending',
    total: row.total,
    delivered: row.state === 'done' ? row.total : await repo.delivered(row.id),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  });

  /** Who may send to what: the template key to anyone; a group administrator only to their own groups. */
  async function audienceFor(actor: { userId: number; permissions: readonly PermissionKey[] }, body: SendBody): Promise<Audience> {
    const manages = actor.permissions.includes(manageKey);
    if (!manages) {
      const own = await repo.administeredGroups(actor.userId);
      if (own.size === 0 || !body.group_ids) throw new AppError(Code.forbidden, 'only the message template permission sends to users, communities or everyone; a group administrator sends to their own groups');
      const foreign = body.group_ids.filter((id) => !own.has(id));
      if (foreign.length > 0) throw field('body.group_ids', `not a group you administer: ${foreign.join(', ')}`, Code.forbidden);
    }
    const check = async (table: 'users' | 'groups' | 'communities', ids: number[], path: string) => {
      const found = await repo.existing(table, ids);
      const missing = [...new Set(ids)].filter((id) => !found.has(id));
      if (missing.length > 0) throw field(path, `no such ${table.replace(/s$/, '')}: ${missing.slice(0, 10).join(', ')}`, Code.notFound);
    };
    if (body.user_ids) return await check('users', body.user_ids, 'body.user_ids'), { userIds: [...new Set(body.user_ids)] };
    if (body.group_ids) return await check('groups', body.group_ids, 'body.group_ids'), { groupIds: [...new Set(body.group_ids)] };
    if (body.community_ids) return await check('communities', body.community_ids, 'body.community_ids'), { communityIds: [...new Set(body.community_ids)] };
    return { everyone: true };
  }

  let running: Promise<void> | null = null;
  let again = false;

  /** One batch of one send, in one transaction; answers how many recipients it handled. */
  async function deliverBatch(send: SendRow): Promise<number> {
    const values = JSON.parse(send.values) as Record<string, string>;
    const channels = { in_app: true, email: send.channel === 'email' };
    const { handled, result } = await repo.batch(send.id, batch, async (pending, messages) => {
      const items = pending.map((p) => {
        const own = { ...values, user_name: p.userName, real_name: p.realName ?? '', group_name: p.groupName ?? '' };
        // values are escaped, and the result sanitised again: a value inside an attribute (href) gains nothing
        return { userId: p.userId, title: renderTemplate(send.title, own), body: sanitizeMessageHtml(renderTemplate(send.content, own, escapeHtml)) };
      });
      const delivered = await sender.deliverIn(messages, items, 'notice', `send:${send.id}`, () => channels);
      const messageOf = new Map(delivered.rows.map((r) => [r.userId, r.id]));
      return { links: pending.map((p) => ({ userId: p.userId, messageId: messageOf.get(p.userId) ?? null })), result: delivered };
    });
    if (result) sender.announce(result);
    return handled;
  }

  async function runAll(): Promise<void> {
    do {
      again = false;
      for (const send of await repo.unfinished()) {
        while ((await deliverBatch(send)) > 0);
        await repo.finishIfDone(send.id, now());
      }
    } while (again);
  }

  return {
    /** Stores the send (recipients pending) and answers its state; `run` delivers it. */
    async start(actor: { userId: number; permissions: readonly PermissionKey[] }, body: SendBody): Promise<TemplateSendState> {
      const template = await templates.get(body.template_id);
      if (!template) throw field('body.template_id', 'template not found', Code.notFound);
      if (template.channel === 'sms') throw field('body.template_id', 'an SMS template cannot be sent: no SMS driver is configured');
      const audience = await audienceFor(actor, body);
      const used = new Set([...variablesIn(template.title), ...variablesIn(template.content)]);
      const values: Record<string, string> = { date: now().toISOString().slice(0, 10), ...body.values };
      for (const name of templateFixedVariables)
        if (used.has(name) && !values[name]) throw field(`body.values.${name}`, `the template uses {{${name}}}: give its value`);
      const row = await repo.create(
        { templateId: template.id, templateName: template.name, channel: template.channel, title: template.title, content: template.content, values: JSON.stringify(values), target: JSON.stringify(audience), createdBy: actor.userId },
        audience,
      );
      return toState(row);
    },

    /** Its sender's, or anyone's with the template key. */
    async state(actor: { userId: number; permissions: readonly PermissionKey[] }, id: number): Promise<TemplateSendState> {
      const row = await repo.get(id);
      if (!row || (row.createdBy !== actor.userId && !actor.permissions.includes(manageKey))) throw notFound('send');
      return toState(row);
    },

    /**
     * Delivers every unfinished send (the leader calls it after a start, at boot, on becoming leader,
     * and on a timer). One run at a time per process; a call during a run makes it look again.
     */
    /** Resolves when no run is under way (shutdown waits for the batch in flight). */
    idle: async (): Promise<void> => {
      while (running) await running;
    },

    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = runAll()
        .catch((error: unknown) => log(error, 'delivering template sends'))
        .finally(() => (running = null));
      return running;
    },
  };
}

export type TemplateSends = ReturnType<typeof createTemplateSends>;
