import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTemplate, TemplateSendState } from '@starlight/contract/message-templates';
import { communities, communityGroups, groupAdmins, groups, users } from '../src/db/schema/identity';
import { messageSends, messages } from '../src/db/schema/messages';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';

/*
 * Issue 11, `POST /message/template/send` (spec §7): a template to users, groups, communities or everyone,
 * each recipient's variables filled in, delivered in the background by the leader; a group administrator
 * sends only to their own groups; bad input answers a code naming the field and sends nothing.
 */
let t: TestApp;
let admin: string;
let gadmin: string;
let plain: string;
let template: MessageTemplate;
const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);
const ids: Record<string, number[]> = {};
let groupA = 0;
let groupB = 0;
let community = 0;
let gadminGroup = 0;

async function addUsers(prefix: string, n: number, groupId: number | null, realName = (i: number) => `Real ${prefix} ${i}`): Promise<number[]> {
  const out: number[] = [];
  for (let from = 0; from < n; from += 1000) {
    const rows = await t.database.db
      .insert(users)
      .values(Array.from({ length: Math.min(1000, n - from) }, (_, i) => ({ userName: `${prefix}-${from + i}`, realName: realName(from + i), passwordHash: 'x', groupId })))
      .returning({ id: users.id });
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

async function finished(token: string, id: number): Promise<TemplateSendState> {
  for (let i = 0; i < 600; i++) {
    const state = await call<TemplateSendState>(t.app, 'GET', `/message/template/send/${id}`, token);
    expect(state.code).toBe(200);
    if (state.spec.state === 'done') return state.spec;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`send ${id} did not finish`);
}

/** How many messages of this send's title prefix each of `userIds` holds. */
async function perUser(title: string, userIds: number[]): Promise<Map<number, number>> {
  const rows = await t.database.db
    .select({ userId: messages.userId, n: count() })
    .from(messages)
    .where(and(like(messages.title, `${title}%`), inArray(messages.userId, userIds)))
    .groupBy(messages.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

const sends = async () => (await t.database.db.select({ n: count() }).from(messageSends))[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ env: { STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, gadmin, plain] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-gadmin', demoPassword), login(t.app, 'demo-bound', demoPassword)]);
  const db = t.database.db;
  [{ id: groupA }, { id: groupB }] = await db.insert(groups).values([{ name: 'send-a' }, { name: 'send-b' }]).returning({ id: groups.id }) as [{ id: number }, { id: number }];
  [{ id: community }] = (await db.insert(communities).values({ name: 'send-community' }).returning({ id: communities.id })) as [{ id: number }];
  await db.insert(communityGroups).values({ communityId: community, groupId: groupB });
  ids.a = await addUsers('send-a', 3, groupA, (i) => (i === 0 ? '<b onmouseover=alert(1)>Bold</b> & Co' : `Real a ${i}`));
  ids.b = await addUsers('send-b', 2, groupB);
  const [own] = await db.select({ groupId: groupAdmins.groupId }).from(groupAdmins).innerJoin(users, eq(users.id, groupAdmins.userId)).where(eq(users.userName, 'demo-gadmin'));
  gadminGroup = own!.groupId;
  const made = await call<MessageTemplate>(t.app, 'POST', '/message/template', admin, {
    name: 'send-test',
    channel: 'in_app',
    title: 'Maintenance {{cluster}} for {{user_name}}',
    content: '<p>Dear {{real_name}} of {{group_name}}, {{cluster}} stops on {{date}}. <a href="{{cluster}}">details</a></p>',
  });
  expect(made.code).toBe(200);
  template = made.spec;
}, 120_000);
afterAll(() => stopTestApp(t));

describe('POST /message/template/send', () => {
  it('sends to users, each with their own values (escaped), in the background, once', async () => {
    const started = await call<TemplateSendState>(t.app, 'POST', '/message/template/send', admin, { template_id: template.id, user_ids: [ids.a![0], ids.a![1], ids.a![0]], values: { cluster: 'javascript:alert(1)', date: '2026-02-01' } });
    expect(started.code, started.info).toBe(200);
    expect(started.spec).toMatchObject({ template_name: 'send-test', total: 2 });
    const done = await finished(admin, started.spec.id);
    expect(done).toMatchObject({ state: 'done', total: 2, delivered: 2 });
    const [first] = await t.database.db.select().from(messages).where(and(eq(messages.userId, ids.a![0]!), like(messages.title, 'Maintenance%')));
    expect(first!.title).toBe('Maintenance javascript:alert(1) for send-a-0');
    // the real name is text, not markup; the value inside href is dropped by the sanitiser
    expect(first!.content).toContain('Dear &lt;b onmouseover=alert(1)&gt;Bold&lt;/b&gt; &amp; Co of send-a, javascript:alert(1) stops on 2026-02-01.');
    expect(first!.content).not.toContain('href="javascript');
    expect(first!.kind).toBe('notice');
    expect(await perUser('Maintenance', ids.a!)).toEqual(new Map([[ids.a![0], 1], [ids.a![1], 1]]));
  });

  it('sends to a group, a community and everyone', async () => {
    const toGroup = await call<TemplateSendState>(t.app, 'POST', '/message/template/send', admin, { template_id: template.id, group_ids: [groupA], values: { cluster: 'group-run' } });
    expect((await finished(admin, toGroup.spec.id)).delivered).toBe(3);
    expect([...(await perUser('Maintenance group-run', [...ids.a!, ...ids.b!])).values()]).toEqual([1, 1, 1]);

    const toCommunity = await call<TemplateSendState>(t.app, 'POST', '/message/template/send', admin, { template_id: template.id, community_ids: [community], values: { cluster: 'community-run' } });
    expect((await finished(admin, toCommunity.spec.id)).delivered).toBe(2);
    expect(await perUser('Maintenance community-run', [...ids.a!, ...ids.b!])).toEqual(new Map(ids.b!.map((id) => [id, 1])));

    const everyone = await call<TemplateSendState>(t.app, 'POST', '/message/template/send', admin, { template_id: template.id, everyone: true, values: { cluster: 'all-run' } });
    const [enabled] = await t.database.db.select({ n: count() }).from(users).where(eq(users.disabled, false));
    expect((await finished(admin, everyone.spec.id)).delivered).toBe(enabled!.n);
    const [got] = await t.database.db.select({ n: count(), people: sql<number>`count(distinct ${messages.userId})::int` }).from(messages).where(like(messages.title, 'Maintenance all-run%'));
    expect(got).toEqual({ n: enabled!.n, people: enabled!.n });
  });

  it('refuses bad variables, unknown templates and targets, and several targets, naming the field; nothing is sent', async () => {
    const before = await sends();
    const cases: [object, number, string[]][] = [
      [{ template_id: template.id, user_ids: [ids.a![0]], values: { cluster: 'x', password: 'y' } }, 1400, ['body.values.password']],
      [{ template_id: template.id, user_ids: [ids.a![0]] }, 1400, ['body.values.cluster']],
      [{ template_id: 99999, user_ids: [ids.a![0]], values: { cluster: 'x' } }, 1404, ['body.template_id']],
      [{ template_id: template.id, user_ids: [99999], values: { cluster: 'x' } }, 1404, ['body.user_ids']],
      [{ template_id: template.id, group_ids: [99999], values: { cluster: 'x' } }, 1404, ['body.group_ids']],
      [{ template_id: template.id, community_ids: [99999], values: { cluster: 'x' } }, 1404, ['body.community_ids']],
      [{ template_id: template.id, user_ids: [ids.a![0]], everyone: true, values: { cluster: 'x' } }, 1400, ['body.user_ids']],
      [{ template_id: template.id, values: { cluster: 'x' } }, 1400, ['body.user_ids']],
    ];
    for (const [body, code, path] of cases) {
      const reply = await call(t.app, 'POST', '/message/template/send', admin, body);
      expect([reply.code, fields(reply)], JSON.stringify(body)).toEqual([code, path]);
    }
    const sms = await call<MessageTemplate>(t.app, 'POST', '/message/template', admin, { name: 'send-sms', channel: 'sms', title: 'x', content: 'Hi {{user_name}}' });
    const refused = await call(t.app, 'POST', '/message/template/send', admin, { template_id: sms.spec.id, everyone: true });
    expect([refused.code, fields(refused)]).toEqual([1400, ['body.template_id']]);
    expect(await sends()).toBe(before);
  });

  it('lets a group administrator send to their own groups only; others are refused with nothing sent', async () => {
    const before = await sends();
    const foreign = await call(t.app, 'POST', '/message/template/send', gadmin, { template_id: template.id, group_ids: [gadminGroup, groupA], values: { cluster: 'gadmin-foreign' } });
    expect([foreign.code, fields(foreign)]).toEqual([1403, ['body.group_ids']]);
    for (const body of [{ user_ids: [ids.a![0]] }, { community_ids: [community] }, { everyone: true }]) {
      const reply = await call(t.app, 'POST', '/message/template/send', gadmin, { template_id: template.id, ...body, values: { cluster: 'gadmin-other' } });
      expect(reply.code).toBe(1403);
    }
    const notAdmin = await call(t.app, 'POST', '/message/template/send', plain, { template_id: template.id, group_ids: [gadminGroup], values: { cluster: 'plain' } });
    expect(notAdmin.code).toBe(1403);
    expect(await sends()).toBe(before);
    expect((await perUser('Maintenance gadmin-foreign', ids.a!)).size).toBe(0);

    const own = await call<TemplateSendState>(t.app, 'POST', '/message/template/send', gadmin, { template_id: template.id, group_ids: [gadminGroup], values: { cluster: 'gadmin-own' } });
    expect(own.code, own.info).toBe(200);
    const done = await finished(gadmin, own.spec.id);
    const members = await t.database.db.select({ id: users.id }).from(users).where(eq(users.groupId, gadminGroup));
    expect(done.delivered).toBe(members.length);
    // another user cannot read the send's progress
    expect((await call(t.app, 'GET', `/message/template/send/${own.spec.id}`, plain)).code).toBe(1404);
  });

  it('sends one template to 10,000 users: every one gets exactly one message', async () => {
    const [{ id: many }] = (await t.database.db.insert(groups).values({ name: 'send-many' }).returning({ id: groups.id })) as [{ id: number }];
    const people = await addUsers('many', 10_000, many);
    const started = Date.now();
    const send = await call<TemplateSendState>(t.app, 'POST', '/message/template/send', admin, { template_id: template.id, group_ids: [many], values: { cluster: 'ten-thousand' } });
    expect(send.spec.total).toBe(10_000);
    expect(await finished(admin, send.spec.id)).toMatchObject({ state: 'done', delivered: 10_000 });
    console.log(`10,000 messages in ${Date.now() - started} ms`);
    const counts = await perUser('Maintenance ten-thousand', people);
    expect(counts.size).toBe(10_000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);
});
