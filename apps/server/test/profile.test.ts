import { generateKeyPairSync } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseNetwork, inNetworks } from '../src/modules/profile/networks';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp, randomTokenShape } from './helpers';
import { codeFromOutbox, freshIp } from './verification-helpers';

/** The user's own account (issue 3 parts 3–4): every call with good and bad input and refusals. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'starlight-profile-'));
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir } });
  for (const name of ['demo-user', 'demo-bound', 'demo-gadmin', 'demo-auditor']) tokens[name] = await login(t.app, name, demoPassword);
  tokens.admin = await login(t.app, 'admin', adminPassword);
});
afterAll(() => stopTestApp(t));

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async <T = unknown>(who: string | null, method: Method, url: string, payload?: unknown, extra: { headers?: Record<string, string>; ip?: string } = {}) => {
  const reply = await t.app.inject({
    method,
    url: api(url),
    headers: { ...(who ? tokenHeader(tokens[who] ?? '') : {}), ...extra.headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
    remoteAddress: extra.ip ?? '127.0.0.1',
  });
  return { status: reply.statusCode, reply, ...body<T>(reply) };
};
/**
 * An ed25519 key as `ssh-keygen` writes it. Not ssh2's generateKeyPairSync: it drops a leading zero
 * byte of the public key (1 key in 256 comes out 31 bytes long), which the server rightly refuses.
 */
function ed25519Key(comment: string): { public: string; private: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return { public: `ssh-ed25519 ${blob.toString('base64')} ${comment}`, private: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}
const fieldsOf = (spec: unknown) => (spec as { fields: { path: string }[] }).fields.map((f) => f.path);

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(32, 3)]);

describe('user info (GET, PATCH /user/user/self)', () => {
  it('changes the real name and nothing else', async () => {
    const changed = await call<{ real_name: string; email: string }>('demo-user', 'PATCH', '/user/user/self', { real_name: '  Ada Lovelace ' });
    expect(changed).toMatchObject({ code: 200, spec: { real_name: 'Ada Lovelace', email: 'demo-user@example.com' } });
    expect((await call<{ real_name: string }>('demo-user', 'GET', '/user/user/self')).spec.real_name).toBe('Ada Lovelace');
  });

  it('refuses other fields, an over-long name, and anonymous callers', async () => {
    expect((await call('demo-user', 'PATCH', '/user/user/self', { email: 'x@example.com' })).code).toBe(1400);
    const long = await call('demo-user', 'PATCH', '/user/user/self', { real_name: 'x'.repeat(41) });
    expect(long.code).toBe(1400);
    expect(fieldsOf(long.spec)).toEqual(['body.real_name']);
    expect((await call(null, 'PATCH', '/user/user/self', { real_name: 'x' })).code).toBe(1300);
  });
});

describe('avatar (POST /user/user/user_avatar)', () => {
  it('stores PNG, JPEG and WebP by their magic bytes, serves them back and removes the replaced ones', async () => {
    const stored: string[] = [];
    for (const [bytes, type] of [[png, 'image/png'], [jpeg, 'image/jpeg'], [webp, 'image/webp']] as const) {
      const up = await call<{ avatar: string }>('demo-bound', 'POST', '/user/user/user_avatar', bytes, { headers: { 'content-type': 'application/octet-stream' } });
      expect(up.code).toBe(200);
      expect(up.spec.avatar).toMatch(/^\{address\}\/user\/avatar\/[0-9a-f-]{36}\.(png|jpg|webp)$/);
      const served = await t.app.inject({ url: api(up.spec.avatar.replace('{address}', '')) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      stored.push(up.spec.avatar);
    }
    // the replaced ones are gone; nothing is written to this instance's disk (another instance serves them too)
    for (const gone of stored.slice(0, 2)) expect((await t.app.inject({ url: api(gone.replace('{address}', '')) })).statusCode).toBe(404);
    expect(await readdir(dataDir)).not.toContain('avatars');
    expect((await call<{ avatar: string }>('demo-bound', 'GET', '/user/user/self')).spec.avatar).toMatch(/\.webp$/);
  });

  it('refuses a non-image whatever its content type, an empty body, an oversized one, and anonymous uploads', async () => {
    const fake = await call('demo-user', 'POST', '/user/user/user_avatar', Buffer.from('<svg onload=alert(1)>'), { headers: { 'content-type': 'image/png' } });
    expect(fake).toMatchObject({ code: 1400, info: 'The avatar must be a PNG, JPEG or WebP image' });
    expect((await call('demo-user', 'POST', '/user/user/user_avatar', Buffer.alloc(0), { headers: { 'content-type': 'image/png' } })).code).toBe(1400);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await call('demo-user', 'POST', '/user/user/user_avatar', big, { headers: { 'content-type': 'image/png' } })).code).toBe(1400);
    expect((await call(null, 'POST', '/user/user/user_avatar', png, { headers: { 'content-type': 'image/png' } })).code).toBe(1300);
    expect((await call<{ avatar: string | null }>('demo-user', 'GET', '/user/user/self')).spec.avatar).toBeNull();
  });

  it('serves nothing outside the avatar folder', async () => {
    for (const name of ['..%2F..%2Fpglite', 'nope.png', '00000000-0000-0000-0000-000000000000.png']) expect((await t.app.inject({ url: api(`/user/avatar/${name}`) })).statusCode).toBe(404);
  });
});

describe('profile cards', () => {
  it('creates once (then 1409), patches, and reads back with the user fields', async () => {
    const created = await call('demo-gadmin', 'POST', '/user/user/user_profile', { organization: 'Lab A', title: 'PI' });
    expect(created).toMatchObject({ code: 200, spec: { user_name: 'demo-gadmin', organization: 'Lab A', title: 'PI', bio: '', group_name: 'demo-lab' } });
    expect((await call('demo-gadmin', 'POST', '/user/user/user_profile', { organization: 'Lab B' })).code).toBe(1409);
    expect((await call('demo-gadmin', 'PATCH', '/user/user/user_profile', { bio: 'HPC since 2001' })).spec).toMatchObject({ organization: 'Lab A', bio: 'HPC since 2001' });
    expect((await call('demo-gadmin', 'GET', '/user/user/user_profile')).spec).toMatchObject({ bio: 'HPC since 2001' });
    expect((await call('demo-gadmin', 'PATCH', '/user/user/user_profile', { bio: 'x'.repeat(501) })).code).toBe(1400);
  });

  it('shows another user only to group mates and query_all_user holders (otherwise 1404)', async () => {
    const gadminId = (await call<{ id: number }>('demo-gadmin', 'GET', '/user/user/self')).spec.id;
    const adminId = (await call<{ id: number }>('admin', 'GET', '/user/user/self')).spec.id;
    expect((await call('demo-user', 'GET', `/user/user/user_profile/${gadminId}`)).spec).toMatchObject({ user_name: 'demo-gadmin', organization: 'Lab A' });
    expect((await call('demo-user', 'GET', `/user/user/user_profile/${adminId}`)).code).toBe(1404);
    expect((await call('demo-auditor', 'GET', `/user/user/user_profile/${adminId}`)).code).toBe(200);
    expect((await call('demo-user', 'GET', '/user/user/user_profile/abc')).code).toBe(1400);
    const mine = await call<{ list: { user_name: string }[]; total: number }>('demo-user', 'GET', '/user/profiles?page_size=100');
    expect(mine.spec.list.map((p) => p.user_name)).not.toContain('admin');
    expect(mine.spec.list.map((p) => p.user_name)).toContain('demo-gadmin');
    const all = await call<{ list: { user_name: string }[] }>('admin', 'GET', '/user/profiles?field_lk_user_name=audit');
    expect(all.spec.list.map((p) => p.user_name)).toEqual(['demo-auditor']);
    expect((await call('demo-user', 'GET', '/user/profiles?page_size=1000')).code).toBe(1400);
  });
});

describe('SSH keys (/user/key, /user/has_key)', () => {
  const ed = ed25519Key('ada@laptop');
  const rsa = utils.generateKeyPairSync('rsa', { bits: 2048, comment: 'ada@server' });

  it('adds real OpenSSH keys with type, SHA256 fingerprint and comment; lists, deletes', async () => {
    expect((await call('demo-user', 'GET', '/user/has_key')).spec).toEqual({ has_key: false, count: 0 });
    const added = await call<{ id: number; fingerprint: string }>('demo-user', 'POST', '/user/key', { public_key: ed.public });
    expect(added).toMatchObject({ code: 200, spec: { type: 'ssh-ed25519', comment: 'ada@laptop' } });
    expect(added.spec.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect((await call('demo-user', 'POST', '/user/key', { public_key: `\n${rsa.public}\n` })).spec).toMatchObject({ type: 'ssh-rsa' });
    expect((await call<unknown[]>('demo-user', 'GET', '/user/key')).spec).toHaveLength(2);
    expect((await call('demo-user', 'GET', '/user/has_key')).spec).toEqual({ has_key: true, count: 2 });
    expect((await call('demo-user', 'DELETE', `/user/key?id=${added.spec.id}`)).code).toBe(200);
    expect((await call('demo-user', 'GET', '/user/has_key')).spec).toEqual({ has_key: true, count: 1 });
  });

  it('refuses private keys, garbage and duplicates (also across users), naming public_key', async () => {
    const privateKey = await call('demo-bound', 'POST', '/user/key', { public_key: ed.private });
    expect(privateKey).toMatchObject({ code: 1400, info: expect.stringContaining('private key') });
    for (const junk of ['hello', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJunk', 'ssh-rsa AAAAB3NzaC1yc2E= x', `${rsa.public}\n${rsa.public}`]) {
      const refused = await call('demo-bound', 'POST', '/user/key', { public_key: junk });
      expect(refused.code, junk).toBe(1400);
      expect(fieldsOf(refused.spec)).toEqual(['body.public_key']);
    }
    expect((await call('demo-bound', 'POST', '/user/key', { public_key: rsa.public })).code).toBe(1409);
    expect((await call('demo-user', 'POST', '/user/key', { public_key: rsa.public })).code).toBe(1409);
  });

  it('deletes only one’s own keys', async () => {
    const [mine] = (await call<{ id: number }[]>('demo-user', 'GET', '/user/key')).spec;
    expect((await call('demo-bound', 'DELETE', `/user/key?id=${mine?.id}`)).code).toBe(1404);
    expect((await call('demo-bound', 'DELETE', '/user/key')).code).toBe(1400);
    expect((await call(null, 'GET', '/user/key')).code).toBe(1300);
  });
});

describe('contact changes', () => {
  it('changes the phone with a code sent to the NEW number, audited', async () => {
    const ip = freshIp();
    const sent = await call('demo-user', 'POST', '/user/user_verify/telephone_modify_code', { telephone: '13900000077' }, { ip });
    expect(sent).toMatchObject({ code: 200, spec: { resend_after_s: 60 } });
    const code = await codeFromOutbox(t.app, '13900000077');
    const wrong = await call('demo-user', 'PATCH', '/user/user/modify_user_telephone', { telephone: '13900000077', verification_code: code === '000000' ? '111111' : '000000' });
    expect(wrong.code).toBe(1400);
    expect(fieldsOf(wrong.spec)).toEqual(['body.verification_code']);
    const changed = await call('demo-user', 'PATCH', '/user/user/modify_user_telephone', { telephone: '13900000077', verification_code: code });
    expect(changed).toMatchObject({ code: 200, spec: { telephone: '13900000077' } });
    // the code is used up; the old number no longer logs in, the new one does
    expect((await call('demo-user', 'PATCH', '/user/user/modify_user_telephone', { telephone: '13900000077', verification_code: code })).code).toBe(1400);
    expect(await login(t.app, '13900000077', demoPassword)).toMatch(randomTokenShape);
  });

  it('changes the e-mail the same way', async () => {
    await call('demo-auditor', 'POST', '/user/user_verify/email_modify_code', { email: 'New-Auditor@Example.com' }, { ip: freshIp() });
    const code = await codeFromOutbox(t.app, 'new-auditor@example.com');
    const changed = await call('demo-auditor', 'PATCH', '/user/user/modify_user_email', { email: 'new-auditor@example.com', verification_code: code });
    expect(changed).toMatchObject({ code: 200, spec: { email: 'new-auditor@example.com' } });
  });

  it('refuses a taken or unchanged address, bad formats, a resend within a minute, and anonymous callers', async () => {
    const taken = await call('demo-user', 'POST', '/user/user_verify/email_modify_code', { email: 'demo-bound@example.com' }, { ip: freshIp() });
    expect(taken).toMatchObject({ code: 1409, info: 'The email has been registered' });
    expect((await call('demo-user', 'POST', '/user/user_verify/telephone_modify_code', { telephone: '13900000077' }, { ip: freshIp() })).code).toBe(1400);
    expect(fieldsOf((await call('demo-user', 'POST', '/user/user_verify/telephone_modify_code', { telephone: '14200000000' })).spec)).toEqual(['body.telephone']);
    expect((await call('demo-user', 'POST', '/user/user_verify/email_modify_code', { email: 'not-an-email' })).code).toBe(1400);
    const ip = freshIp();
    expect((await call('demo-bound', 'POST', '/user/user_verify/telephone_modify_code', { telephone: '13900000088' }, { ip })).code).toBe(200);
    expect((await call('demo-bound', 'POST', '/user/user_verify/telephone_modify_code', { telephone: '13900000088' }, { ip })).code).toBe(1429);
    expect((await call(null, 'POST', '/user/user_verify/telephone_modify_code', { telephone: '13900000099' })).code).toBe(1300);
    expect((await call(null, 'PATCH', '/user/user/modify_user_email', { email: 'a@b.cd', verification_code: '123456' })).code).toBe(1300);
  });

  it('a code for one address does not unlock another', async () => {
    await call('demo-bound', 'POST', '/user/user_verify/email_modify_code', { email: 'bound-new@example.com' }, { ip: freshIp() });
    const code = await codeFromOutbox(t.app, 'bound-new@example.com');
    expect((await call('demo-bound', 'PATCH', '/user/user/modify_user_email', { email: 'bound-other@example.com', verification_code: code })).code).toBe(1400);
    // nor another user's change
    expect((await call('demo-gadmin', 'PATCH', '/user/user/modify_user_email', { email: 'bound-new@example.com', verification_code: code })).code).toBe(200);
  });
});

describe('status, home, handler', () => {
  it('explains the status bits', async () => {
    expect((await call('demo-bound', 'GET', '/user/status')).spec).toMatchObject({ bound: true, cloud_bound: false, bits: [{ bit: 1, name: 'bound_account', set: true }, { bit: 64, name: 'cloud_bound', set: false }] });
    expect((await call('demo-user', 'GET', '/user/status')).spec).toMatchObject({ status: 0, bound: false });
    expect((await call(null, 'GET', '/user/status')).code).toBe(1300);
  });

  it('gives the landing information', async () => {
    const home = await call('demo-user', 'GET', '/user/home');
    expect(home.spec).toMatchObject({ user_name: 'demo-user', landing_path: '/user-center/bind-account', bound: false, group_name: 'demo-lab', verified: 'both', has_ssh_key: true });
    expect((await call('demo-bound', 'GET', '/user/home')).spec).toMatchObject({ landing_path: '/dashboard', bound: true });
  });

  it('names the group administrators as the handlers', async () => {
    expect((await call('demo-user', 'GET', '/user/user_handler')).spec).toMatchObject({ group_name: 'demo-lab', handlers: [{ user_name: 'demo-gadmin' }] });
    expect((await call('admin', 'GET', '/user/user_handler')).spec).toEqual({ group_name: null, handlers: [] });
  });
});

describe('access records (/user/access/*)', () => {
  it('creates, queries, patches and deletes one’s records, normalising networks', async () => {
    const created = await call<{ id: number }>('demo-bound', 'POST', '/user/access/create', { name: 'home', network: '192.168.1.77/24', note: 'flat' });
    expect(created).toMatchObject({ code: 200, spec: { name: 'home', network: '192.168.1.0/24', note: 'flat', user_name: 'demo-bound' } });
    await call('demo-bound', 'POST', '/user/access/create', { name: 'lab v6', network: '2001:db8::1/48' });
    const listed = await call<{ list: { network: string }[]; total: number }>('demo-bound', 'POST', '/user/access/query', { page: 1, page_size: 10 });
    expect(listed.spec.total).toBe(2);
    expect((await call<{ total: number }>('demo-bound', 'POST', '/user/access/query', { field_lk_name: 'v6' })).spec.total).toBe(1);
    expect((await call('demo-bound', 'PATCH', `/user/access/${created.spec.id}`, { name: 'home wifi' })).spec).toMatchObject({ name: 'home wifi', network: '192.168.1.0/24' });
    expect((await call('demo-bound', 'DELETE', `/user/access/${created.spec.id}`)).code).toBe(200);
    expect((await call<{ total: number }>('demo-bound', 'POST', '/user/access/query', {})).spec.total).toBe(1);
  });

  it('refuses bad networks, duplicates, others’ records and unknown fields', async () => {
    for (const network of ['10.0.0.0/33', 'abc', '300.1.1.1']) {
      const refused = await call('demo-bound', 'POST', '/user/access/create', { name: 'x', network });
      expect(refused.code, network).toBe(1400);
      expect(fieldsOf(refused.spec)).toEqual(['body.network']);
    }
    await call('demo-bound', 'POST', '/user/access/create', { name: 'a', network: '10.9.0.0/16' });
    expect((await call('demo-bound', 'POST', '/user/access/create', { name: 'b', network: '10.9.1.1/16' })).code).toBe(1409);
    const [record] = (await call<{ list: { id: number }[] }>('demo-bound', 'POST', '/user/access/query', {})).spec.list;
    expect((await call('demo-user', 'PATCH', `/user/access/${record?.id}`, { name: 'mine now' })).code).toBe(1404);
    expect((await call('demo-user', 'DELETE', `/user/access/${record?.id}`)).code).toBe(1404);
    expect((await call('demo-bound', 'POST', '/user/access/query', { owner: 'x' })).code).toBe(1400);
    expect((await call(null, 'POST', '/user/access/query', {})).code).toBe(1300);
  });

  it('lets only query_all_user holders read another user’s records', async () => {
    expect((await call('demo-user', 'POST', '/user/access/query', { field_eq_user_name: 'demo-bound' })).code).toBe(1403);
    expect((await call<{ total: number }>('demo-auditor', 'POST', '/user/access/query', { field_eq_user_name: 'demo-bound' })).spec.total).toBe(2);
    expect((await call('demo-auditor', 'POST', '/user/access/query', { field_eq_user_name: 'nobody-x' })).code).toBe(1404);
  });
});

describe('networks', () => {
  it('normalises and matches IPv4, IPv6 and mapped addresses', () => {
    expect(normaliseNetwork('10.1.2.3')).toBe('10.1.2.3/32');
    expect(normaliseNetwork('2001:db8::1/32')).toBe('2001:db8::/32');
    expect(normaliseNetwork('10.0.0.0/x')).toBeNull();
    expect(inNetworks('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(inNetworks('10.2.0.1', ['10.1.0.0/16'])).toBe(false);
  });
});
