import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Ticket, TicketDetail } from '@starlight/contract/tickets';
import { clusters } from '../src/db/schema/hpc';
import { jobs } from '../src/db/schema/jobs';
import { messages } from '../src/db/schema/messages';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { idOfUser } from './quotas-helpers';
import { storageClient, tempDataDir } from './storage-helpers';

/*
 * Issue 11, tickets: a user opens one with a file from their storage, staff answer (the user is told
 * through the messages module), states move as the README says, and another user's ticket stays unseen.
 * Runs on PGlite and (STARLIGHT_TEST_PG) PostgreSQL.
 */
let t: TestApp;
let data: Awaited<ReturnType<typeof tempDataDir>>;
let admin: string; // platform admin: holds every key, manage_ticket included
let user: string; // demo-bound
let other: string; // demo-gadmin: a user without the ticket key

const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);
const open = (token: string, payload: Record<string, unknown>) => call<TicketDetail>(t.app, 'POST', '/ticket/tickets', token, payload);
let jobId: string; // a job of demo-bound's
const base = () => ({ category: 'job', cluster: 'local', job_id: jobId, title: 'My job failed', body: '<p>It <b>failed</b><img src=x onerror=alert(1)></p>' });

beforeAll(async () => {
  data = await tempDataDir();
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir, STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, user, other] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
  const files = await storageClient(t.app, 'demo-bound');
  expect((await files.put('/storage/upload', { path: 'slurm-42.err' }, Buffer.from('Segmentation fault\n'))).envelope?.code).toBe(200);
  const submitted = await call<{ job_id: string }>(t.app, 'POST', '/job/jobs', user, { name: 'failing', script: 'exit 1', partition: 'local' });
  expect(submitted.code).toBe(200);
  jobId = submitted.spec.job_id;
}, 120_000);
afterAll(async () => {
  await stopTestApp(t);
  await data.remove();
});

describe('tickets', () => {
  it('opens a ticket with an attachment from the user’s storage; staff reply, the user is told, replies and closes', async () => {
    const created = await open(user, { ...base(), attachments: [{ path: 'slurm-42.err' }] });
    expect(created.code).toBe(200);
    const ticket = created.spec;
    expect(ticket).toMatchObject({ state: 'open', user_name: 'demo-bound', category: 'job', job_id: jobId, first_response_seconds: null });
    expect(ticket.body).toBe('<p>It <b>failed</b></p>'); // sanitised when stored
    expect(ticket.attachments).toEqual([{ id: expect.any(Number), name: 'slurm-42.err', size: 19 }]);
    const file = await t.app.inject({ method: 'GET', url: api(`/ticket/tickets/${ticket.id}/attachments/${ticket.attachments[0]!.id}`), headers: tokenHeader(admin) });
    expect(file.body).toBe('Segmentation fault\n');
    expect(file.headers['content-disposition']).toContain('attachment');

    // staff: the queue shows it; an internal note is not the first response and the user never sees it
    const queue = await call<List<Ticket>>(t.app, 'GET', '/ticket/tickets?field_eq_state=open&field_eq_category=job', admin);
    expect(queue.spec.list.map((x) => x.id)).toContain(ticket.id);
    expect((await call<TicketDetail>(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, admin, { body: '<p>check the module</p>', internal: true })).spec.first_response_seconds).toBeNull();
    const replied = await call<TicketDetail>(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, admin, { body: '<p>Load <a href="javascript:alert(1)">gcc</a> first</p>' });
    expect(replied.spec).toMatchObject({ state: 'waiting_user', first_response_seconds: expect.any(Number) });

    const seen = (await call<TicketDetail>(t.app, 'GET', `/ticket/tickets/${ticket.id}`, user)).spec;
    expect(seen.replies.map((r) => [r.staff, r.internal])).toEqual([[true, false]]);
    expect(seen.replies[0]!.body).not.toContain('javascript');
    expect(seen.can).toEqual({ reply: true, close: true, reopen: false, manage: false });
    const userId = await idOfUser(t, 'demo-bound');
    const told = await t.database.db.select().from(messages).where(and(eq(messages.userId, userId), eq(messages.kind, 'ticket')));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain(`/ticket/detail/${ticket.id}`);

    expect((await call<TicketDetail>(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, user, { body: 'thanks, works' })).spec.state).toBe('open');
    const closed = await call<TicketDetail>(t.app, 'POST', `/ticket/tickets/${ticket.id}/close`, user);
    expect(closed.spec).toMatchObject({ state: 'closed', resolution_seconds: expect.any(Number), can: { reply: false, reopen: true } });
    // closed: no reply, no second close; reopening works within the window
    expect((await call(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, admin, { body: 'late' })).code).toBe(1409);
    expect((await call(t.app, 'POST', `/ticket/tickets/${ticket.id}/close`, user)).code).toBe(1409);
    expect((await call<TicketDetail>(t.app, 'POST', `/ticket/tickets/${ticket.id}/reopen`, user)).spec.state).toBe('open');
  });

  it('keeps another user’s ticket unseen and refuses what only staff do', async () => {
    const ticket = (await open(user, { ...base(), title: 'private' })).spec;
    expect((await call(t.app, 'GET', `/ticket/tickets/${ticket.id}`, other)).code).toBe(1404);
    expect((await call(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, other, { body: 'hi' })).code).toBe(1404);
    expect((await call(t.app, 'POST', `/ticket/tickets/${ticket.id}/close`, other)).code).toBe(1404);
    expect((await call<List<Ticket>>(t.app, 'GET', '/ticket/tickets', other)).spec.list.map((x) => x.id)).not.toContain(ticket.id);
    expect((await call(t.app, 'PATCH', `/ticket/tickets/${ticket.id}`, user, { state: 'resolved' })).code).toBe(1403);
    expect((await call(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, user, { body: 'x', internal: true })).code).toBe(1403);
    const after = (await call<TicketDetail>(t.app, 'GET', `/ticket/tickets/${ticket.id}`, user)).spec;
    expect([after.state, after.replies.length]).toEqual(['open', 0]);
  });

  it('refuses bad input naming the field, and attachments outside the home, too big or missing', async () => {
    const bad = async (payload: Record<string, unknown>) => {
      const reply = await open(user, { ...base(), ...payload });
      return [reply.code, fields(reply)];
    };
    expect(await bad({ category: 'nope' })).toEqual([1400, ['body.category']]);
    expect(await bad({ body: '<script>alert(1)</script>' })).toEqual([1400, ['body.body']]);
    expect(await bad({ attachments: [{ path: 'none.err' }] })).toEqual([1400, ['body.attachments.0.path']]);
    expect(await bad({ attachments: [{ path: '.' }] })).toEqual([1400, ['body.attachments.0.path']]);
    // the related job must be one of the author's own: a missing id, another user's job (here: in the synced copy), nonsense
    const [local] = await t.database.db.select().from(clusters).where(eq(clusters.name, 'local'));
    await t.database.db.insert(jobs).values({ clusterId: local!.id, jobId: 987_654, userAccount: 'someone_else', name: 'theirs', partition: 'local', state: 'FAILED', submitTime: new Date(), cpus: 1 });
    expect(await bad({ job_id: '987654' })).toEqual([1400, ['body.job_id']]);
    expect(await bad({ job_id: '987654', cluster: null })).toEqual([1400, ['body.job_id']]);
    expect(await bad({ job_id: '123456789' })).toEqual([1400, ['body.job_id']]);
    expect(await bad({ job_id: 'x; rm -rf' })).toEqual([1400, ['body.job_id']]);
    expect(await bad({ job_id: jobId, cluster: 'nowhere' })).toEqual([1400, ['body.job_id']]);
    // the author's job is theirs only
    expect((await open(other, { ...base(), job_id: jobId })).code).toBe(1400); // demo-gadmin did not run it
    const outside = await open(user, { ...base(), attachments: [{ path: '../../../etc/passwd' }] });
    expect(outside.code).not.toBe(200);
    const files = await storageClient(t.app, 'demo-bound');
    await files.put('/storage/upload', { path: 'big.bin' }, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(await bad({ attachments: [{ path: 'big.bin' }] })).toEqual([1400, ['body.attachments.0.path']]);
    const mine = (await call<List<Ticket>>(t.app, 'GET', '/ticket/tickets?page_size=100', user)).spec.total;
    expect(mine).toBe(2); // nothing refused was stored
  });

  it('lets staff assign only staff, move states, and resolve (telling the user)', async () => {
    const ticket = (await open(user, { ...base(), title: 'assign me' })).spec;
    const adminId = await idOfUser(t, 'admin');
    const notStaff = await call(t.app, 'PATCH', `/ticket/tickets/${ticket.id}`, admin, { assignee_id: await idOfUser(t, 'demo-gadmin') });
    expect([notStaff.code, fields(notStaff)]).toEqual([1400, ['body.assignee_id']]);
    const assignees = (await call<{ id: number }[]>(t.app, 'GET', '/ticket/assignees', admin)).spec.map((a) => a.id);
    expect(assignees).toContain(adminId);
    const moved = (await call<TicketDetail>(t.app, 'PATCH', `/ticket/tickets/${ticket.id}`, admin, { state: 'in_progress', assignee_id: adminId })).spec;
    expect([moved.state, moved.assignee_name]).toEqual(['in_progress', 'admin']);
    expect((await call<List<Ticket>>(t.app, 'GET', `/ticket/tickets?field_eq_assignee_id=${adminId}`, admin)).spec.list.map((x) => x.id)).toEqual([ticket.id]);
    const resolved = (await call<TicketDetail>(t.app, 'PATCH', `/ticket/tickets/${ticket.id}`, admin, { state: 'resolved' })).spec;
    expect(resolved.resolution_seconds).not.toBeNull();
    // resolved: the user reopens rather than replies
    expect((await call(t.app, 'POST', `/ticket/tickets/${ticket.id}/reply`, user, { body: 'still broken' })).code).toBe(1409);
    expect((await call<TicketDetail>(t.app, 'POST', `/ticket/tickets/${ticket.id}/reopen`, user)).spec).toMatchObject({ state: 'in_progress', resolution_seconds: null });
  });
});
