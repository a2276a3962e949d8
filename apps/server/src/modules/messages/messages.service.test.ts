import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { MailMessage } from '../../drivers/mail/interface';
import { openTestDatabase } from '../../../test/database';
import { createIdentityModule } from '../identity/identity.module';
import { createMessagesModule } from './messages.module';
import { createMessagesRepo, type MessagesRepo } from './messages.repo';
import { createPreferencesRepo } from './preferences.repo';
import { createPreferencesService } from './preferences.service';
import { createSender } from './send.service';

let database: DatabaseHandle;
let accounts: ReturnType<typeof createIdentityModule>['accounts'];
const mailed: MailMessage[] = [];
let module: ReturnType<typeof createMessagesModule>;

const actorOf = (userId: number, userName: string): Actor => ({ userId, userName, status: 0, permissions: [], sessionId: 0, tokenType: 'shortTerm' });
let n = 0;
async function newUser(email: string | null = null): Promise<Actor> {
  const userName = `reader-${++n}`;
  const userId = (await accounts.createUser({ userName, password: 'Pass-word-1', ...(email ? { email } : {}) }))!;
  return actorOf(userId, userName);
}
const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

beforeAll(async () => {
  database = await openTestDatabase();
  ({ accounts } = createIdentityModule({ db: database.db, login: { maxFailures: 5, windowS: 900 }, initialAdminPassword: null }));
  module = createMessagesModule({
    db: database.db,
    // the mail driver is not the subject here: what would be mailed is recorded
    mail: { send: async (message) => void mailed.push(message) },
    emailOf: async (userId) => (await accounts.profileOf(userId))?.email ?? null,
  });
});
afterAll(() => database.close());

describe('messages service', () => {
  it('takes % and _ in the title filter literally', async () => {
    const actor = await newUser();
    for (const title of ['100% done', '100 done', 'job_1 failed', 'jobA1 failed']) await module.service.send({ userId: actor.userId, kind: 'notice', title, body: '' });
    const titles = async (text: string) => (await module.inbox.list(actor, { page: 1, page_size: 20, field_lk_title: text })).list.map((m) => m.title);
    expect(await titles('100%')).toEqual(['100% done']);
    expect(await titles('job_1')).toEqual(['job_1 failed']);
  });

  it('stores only the allowed HTML: no script, handlers, styles or javascript: links', async () => {
    const actor = await newUser();
    await module.service.send({
      userId: actor.userId,
      kind: 'notice',
      title: 'x',
      body: '<p onclick="x()" style="color:red">hi <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">bad</a><a href="https://example.com/a">ok</a>',
    });
    const [message] = (await module.inbox.list(actor, { page: 1, page_size: 5 })).list;
    expect(message!.content).toBe('<p>hi <b>there</b></p><a target="_blank" rel="noopener noreferrer">bad</a><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('honours the channels the user chose for the kind, and the defaults (job notices opt-in)', async () => {
    const withMail = await newUser('with-mail@example.com');
    const jobFinished = { kind: 'job_finished' as const, title: 'job done', body: '<p>done &amp; dusted</p>' };
    expect((await module.service.send({ userId: withMail.userId, ...jobFinished })).delivered).toBe(0);
    await module.preferences.set(withMail, { list: [{ kind: 'job_finished', in_app: false, email: true }] });
    expect((await module.service.send({ userId: withMail.userId, ...jobFinished })).delivered).toBe(1);
    expect((await module.inbox.list(withMail, { page: 1, page_size: 5 })).total).toBe(0);
    await until(() => mailed.some((m) => m.to === 'with-mail@example.com'));
    expect(mailed.filter((m) => m.to === 'with-mail@example.com')).toEqual([{ to: 'with-mail@example.com', subject: 'job done', text: 'done & dusted' }]);
    // password_changed defaults to both channels
    await module.service.send({ userIds: [withMail.userId, withMail.userId], kind: 'password_changed', title: 'pw', body: 'changed' });
    expect((await module.inbox.list(withMail, { page: 1, page_size: 5 })).list.map((m) => [m.kind, m.title])).toEqual([['password_changed', 'pw']]);
    await until(() => mailed.filter((m) => m.to === 'with-mail@example.com').length === 2);
    expect(mailed.filter((m) => m.to === 'with-mail@example.com').map((m) => m.subject)).toEqual(['job done', 'pw']);
  });

  it('sends a dedupe key to each user once, however often it is sent', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const once = { kind: 'notice' as const, title: 'once', body: '', dedupeKey: 'k-1' };
    expect((await module.service.send({ userIds: [a.userId], ...once })).delivered).toBe(1);
    expect((await module.service.send({ userIds: [a.userId, b.userId], ...once })).delivered).toBe(1);
    expect((await module.service.send({ userIds: [a.userId, b.userId], ...once })).delivered).toBe(0);
    for (const actor of [a, b]) expect((await module.inbox.list(actor, { page: 1, page_size: 5 })).total).toBe(1);
  });

  it('announces each new in-app message to listeners of its user', async () => {
    const actor = await newUser();
    const heard: string[] = [];
    const listener = (userId: number, message: { title: string }) => userId === actor.userId && heard.push(message.title);
    module.service.events.on('message', listener);
    await module.service.send({ userId: actor.userId, kind: 'notice', title: 'live', body: '' });
    module.service.events.off('message', listener);
    expect(heard).toEqual(['live']);
  });

  it('claims a dedupe key and inserts the message in one transaction: a crash between them loses nothing', async () => {
    const actor = await newUser();
    const db = database.db;
    let crash = true;
    // the process "dies" after the claim, before the message is written: the insert throws once
    const crashing = (repo: MessagesRepo): MessagesRepo => ({
      ...repo,
      insertMany: async (values) => {
        if (crash) {
          crash = false;
          throw new Error('killed between the claim and the insert');
        }
        return repo.insertMany(values);
      },
    });
    const sender = createSender({
      repo: createMessagesRepo(db),
      transaction: (work) => db.transaction((tx) => work(crashing(createMessagesRepo(tx)))),
      preferences: createPreferencesService({ repo: createPreferencesRepo(db), now: () => new Date() }),
    });
    const notice = { userId: actor.userId, kind: 'notice' as const, title: 'atomic', body: '<p>x</p>', dedupeKey: 'atomic-1' };
    await expect(sender.send(notice)).rejects.toThrow(/killed/);
    // the claim went with the failed insert: the retry delivers, and a third send does not repeat it
    expect((await sender.send(notice)).delivered).toBe(1);
    expect((await sender.send(notice)).delivered).toBe(0);
    const { total } = await module.inbox.list(actor, { page: 1, page_size: 20, field_lk_title: 'atomic' } as never);
    expect(total).toBe(1);
  });
});
