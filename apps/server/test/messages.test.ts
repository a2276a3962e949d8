import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Message } from '@starlight/contract/messages';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

let t: TestApp;
let userToken: string;
let boundToken: string;
beforeAll(async () => {
  t = await startTestApp();
  userToken = await login(t.app, 'demo-user', demoPassword);
  boundToken = await login(t.app, 'demo-bound', demoPassword);
});
afterAll(() => stopTestApp(t));

const list = async (path: string, token = userToken): Promise<List<Message>> => {
  const envelope = body<List<Message>>(await t.app.inject({ url: api(path), headers: tokenHeader(token) }));
  expect(envelope).toMatchObject({ code: 200, kind: 'message' });
  return envelope.spec;
};
const patch = (id: number, payload: Record<string, unknown>, token = userToken) =>
  t.app.inject({ method: 'PATCH', url: api(`/message/message/${id}`), headers: tokenHeader(token), payload });

describe('messages (spec §4, §7)', () => {
  it("lists only the caller's messages, newest first, with the total", async () => {
    const { list: messages, total } = await list('/message/message');
    expect(total).toBe(3);
    expect(messages.map((m) => m.title)).toEqual(['Quota updated', 'Scheduled maintenance', 'Welcome to Starlight']);
    const createdAt = messages.map((m) => Date.parse(m.created_at));
    expect([...createdAt].sort((a, b) => b - a)).toEqual(createdAt);
    const others = await list('/message/message', boundToken);
    expect(others.list.map((m) => m.id).filter((id) => messages.some((m) => m.id === id))).toEqual([]);
  });

  it('filters unread messages with field_eq_status=1', async () => {
    const { list: unread, total } = await list('/message/message?field_eq_status=1', boundToken);
    expect(total).toBe(2);
    expect(unread.every((m) => m.status === 1)).toBe(true);
  });

  it('filters by title with field_lk_title, ignoring case', async () => {
    expect((await list('/message/message?field_lk_title=QUOTA')).list.map((m) => m.title)).toEqual(['Quota updated']);
  });

  it('pages with page and page_size, the total counting every match', async () => {
    const second = await list('/message/message?page=2&page_size=2');
    expect(second.total).toBe(3);
    expect(second.list.map((m) => m.title)).toEqual(['Welcome to Starlight']);
  });

  it("lists all the caller's messages at /message/message/all", async () => {
    const all = await list('/message/message/all?page_size=100');
    expect(all.total).toBe(3);
    expect(all.list.map((m) => m.status).sort()).toEqual([1, 1, 2]);
  });

  it("sets the status of the caller's own message", async () => {
    const [first] = (await list('/message/message?field_eq_status=1')).list;
    const reply = await patch(first!.id, { status: 2 });
    expect(body(reply)).toMatchObject({ code: 200, kind: 'message', spec: { id: first!.id, status: 2, title: first!.title } });
    expect((await list('/message/message?field_eq_status=1')).total).toBe(1);
  });

  it("answers 1404 for another user's message and leaves it unchanged", async () => {
    const [theirs] = (await list('/message/message?field_eq_status=1', boundToken)).list;
    const reply = await patch(theirs!.id, { status: 2 });
    expect(reply.statusCode).toBe(404);
    expect(body(reply)).toMatchObject({ code: 1404, info: 'message not found' });
    expect((await list('/message/message?field_eq_status=1', boundToken)).total).toBe(2);
  });

  it('rejects a status other than 1 (unread) or 2 (read) with 1400 naming body.status', async () => {
    const [mine] = (await list('/message/message')).list;
    expect(body(await patch(mine!.id, { status: 7 }))).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body.status' }] } });
  });
});

describe('message centre (ours): detail, delete, mark all read, channel choices', () => {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
    body<T>(await t.app.inject({ method, url: api(path), headers: tokenHeader(token), ...(payload ? { payload } : {}) }));

  it("opens one of the caller's messages by id, and 1404 for another's", async () => {
    const [mine] = (await list('/message/message')).list;
    expect(await call('GET', `/message/message/${mine!.id}`, userToken)).toMatchObject({ code: 200, spec: { id: mine!.id, title: mine!.title, kind: 'notice' } });
    expect(await call('GET', `/message/message/${mine!.id}`, boundToken)).toMatchObject({ code: 1404 });
  });

  it('marks every unread message read, only the caller’s', async () => {
    const theirsBefore = (await list('/message/message?field_eq_status=1', boundToken)).total;
    const reply = await call<{ changed: number }>('POST', '/message/message/read_all', userToken);
    expect(reply).toMatchObject({ code: 200 });
    expect(reply.spec.changed).toBeGreaterThan(0);
    expect((await list('/message/message?field_eq_status=1')).total).toBe(0);
    expect((await list('/message/message?field_eq_status=1', boundToken)).total).toBe(theirsBefore);
  });

  it("deletes the caller's own message; another user's is 1404 and stays", async () => {
    const [theirs] = (await list('/message/message', boundToken)).list;
    expect(await call('DELETE', `/message/message/${theirs!.id}`, userToken)).toMatchObject({ code: 1404 });
    const before = (await list('/message/message')).total;
    const [mine] = (await list('/message/message')).list;
    expect(await call('DELETE', `/message/message/${mine!.id}`, userToken)).toMatchObject({ code: 200, spec: { id: mine!.id } });
    expect((await list('/message/message')).total).toBe(before - 1);
    expect((await list('/message/message', boundToken)).list.some((m) => m.id === theirs!.id)).toBe(true);
  });

  it('answers every kind with its channels, job notices off by default, and keeps a change', async () => {
    const token = await login(t.app, 'demo-auditor', demoPassword);
    const prefs = await call<{ list: { kind: string; in_app: boolean; email: boolean }[] }>('GET', '/message/preference', token);
    expect(prefs.spec.list.find((p) => p.kind === 'job_finished')).toEqual({ kind: 'job_finished', in_app: false, email: false });
    const set = await call('PUT', '/message/preference', token, { list: [{ kind: 'job_finished', in_app: true, email: true }] });
    expect(set).toMatchObject({ code: 200 });
    const again = await call<{ list: { kind: string }[] }>('GET', '/message/preference', token);
    expect(again.spec.list.find((p) => p.kind === 'job_finished')).toEqual({ kind: 'job_finished', in_app: true, email: true });
    expect(await call('PUT', '/message/preference', token, { list: [{ kind: 'nope', in_app: true, email: true }] })).toMatchObject({
      code: 1400,
      spec: { fields: [{ path: 'body.list.0.kind' }] },
    });
  });

  it('a password change sends the user one message (and an e-mail to the outbox)', async () => {
    const token = await login(t.app, 'demo-gadmin', demoPassword);
    const before = (await list('/message/message?field_eq_kind=password_changed', token)).total;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: api('/user/user/reset_password_by_login'),
      headers: tokenHeader(token),
      payload: { old_password: demoPassword, password: 'Changed-pass-4' },
    });
    expect(body(changed).code).toBe(200);
    const after = await list('/message/message?field_eq_kind=password_changed', token);
    expect(after.total).toBe(before + 1);
    expect(after.list[0]).toMatchObject({ status: 1, kind: 'password_changed', title: '密码已修改 / Your password was changed' });
    const admin = await login(t.app, 'admin', adminPassword);
    let mailed = 0;
    for (let i = 0; i < 50 && mailed === 0; i++) {
      mailed = body<{ total: number }>(await t.app.inject({ url: api('/system/outbox?field_eq_address=demo-gadmin@example.com'), headers: tokenHeader(admin) })).spec.total;
      if (mailed === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(mailed).toBe(1);
  });
});

describe('live delivery and the quota sender', () => {
  it('a cluster quota change reaches the user over GET /message/stream, without asking again', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await login(t.app, 'demo-auditor', demoPassword);
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/message/stream`, { headers: tokenHeader(token), signal: abort.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    await reader.read(); // the opening comment: the listener is in place
    const admin = await login(t.app, 'admin', adminPassword);
    const set = await t.app.inject({
      method: 'POST',
      url: api('/kcluster/cluster_quota'),
      headers: tokenHeader(admin),
      payload: { cluster_name: 'local', user_name: 'demo-auditor', cpu_seconds_limit: 36_000 },
    });
    expect(body(set).code).toBe(200);
    let text = '';
    while (!text.includes('\n\n', text.indexOf('event: message'))) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const data = JSON.parse(/event: message\nid: \d+\ndata: (.*)\n/.exec(text)![1]!) as Message;
    expect(data).toMatchObject({ kind: 'quota_changed', status: 1, title: '核时配额已变更 / Your CPU-hour quota changed: local' });
    expect((await list('/message/message?field_eq_kind=quota_changed', token)).list.map((m) => m.id)).toEqual([data.id]);
  });
});
