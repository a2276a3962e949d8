import { lchown, mkdir, symlink, writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { hostilePaths, type HostilePath } from '../src/drivers/files/testing/hostile-paths';
import type { StorageClient } from './storage-helpers';

/**
 * The drivers' hostile-path table (src/drivers/files/testing/hostile-paths.ts) through the HTTP API, on
 * any storage: every row, through every file call, must answer the row's code. The links the table
 * relies on are planted directly on disk (as root, owned by the account: the console has no call that
 * makes links).
 */
export interface HostileSetup {
  /** The account's root on the storage, as the server's file system sees it. */
  home: string;
  /** Another account's root (must never be reached). */
  bobHome: string;
  /** A writable directory outside every home. */
  outside: string;
  /** Directory inside the home the table works in. */
  run: string;
  /** Owner for what is planted (ssh storages: the account's uid/gid). */
  owner?: { uid: number; gid: number };
}

export async function plantHostileLinks(s: HostileSetup): Promise<void> {
  const own = async (p: string) => {
    if (s.owner) await lchown(p, s.owner.uid, s.owner.gid);
  };
  const at = (rel: string) => `${s.home}/${s.run}/${rel}`;
  await mkdir(at('dir'), { recursive: true });
  await own(`${s.home}/${s.run}`);
  await own(at('dir'));
  await writeFile(at('seed.txt'), 'seed');
  await own(at('seed.txt'));
  await mkdir(`${s.outside}/sub`, { recursive: true });
  await writeFile(`${s.outside}/secret.txt`, 'outside secret');
  const links: [string, string][] = [
    ['link-etc', '/etc'],
    ['link-outside', s.outside],
    ['link-bob', s.bobHome],
    ['chain1', 'chain2'],
    ['chain2', s.outside],
    ['dir/mid-link', s.outside],
    ['dangling-out', `${s.outside}/missing-dir/x`],
    ['dangling-out2', `${s.outside}/new-file`],
    ['rel-escape', '../'.repeat(30)],
    ['rel-escape-file', `${'../'.repeat(30)}etc/passwd`],
    ['abs-prefix', `${s.home}x`],
    ['up', '..'],
    ['up2', '../..'],
    ['loop-a', 'loop-b'],
    ['loop-b', 'loop-a'],
  ];
  for (const [name, target] of links) {
    await symlink(target, at(name));
    await own(at(name));
  }
}

export function hostileRows(s: HostileSetup): HostilePath[] {
  return hostilePaths({ run: s.run, aliceHome: s.home, bobHome: s.bobHome } as Parameters<typeof hostilePaths>[0]);
}

/** Every row through every call; returns how many calls were made. */
export async function runHostileTable(client: StorageClient, s: HostileSetup, target: Record<string, string>): Promise<number> {
  const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries({ ...params, ...target }).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const seed = `${s.run}/seed.txt`;
  let calls = 0;
  const expectCode = async (row: HostilePath, op: string, reply: Promise<{ envelope: { code: number } | null; response: { statusCode: number } }>, extra: readonly number[] = []) => {
    const { envelope, response } = await reply;
    calls++;
    const code = envelope?.code ?? response.statusCode;
    expect({ row: row.label, op, ok: [...row.codes, ...extra].includes(code), code }).toEqual({ row: row.label, op, ok: true, code });
  };
  for (const row of hostileRows(s)) {
    const p = row.path;
    const taken = row.finalLink ? [1409] : [];
    // a lone surrogate cannot travel in a URL (it arrives as U+FFFD, a legal name): body calls only
    const inUrl = !/[\ud800-\udfff]/.test(p.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));
    if (inUrl) await expectQueryCalls(row, p, taken);
    await expectCode(row, 'copy from', client.call('POST', `/storage/copy?${q({})}`, { from: p, to: `${s.run}/copied` }));
    if (row.readOnly) continue;
    await expectCode(row, 'mkdir', client.call('POST', `/storage/mkdir?${q({})}`, { path: p }), taken);
    await expectCode(row, 'upload_session', client.call('POST', `/storage/upload_session?${q({})}`, { path: p, size: 1 }), taken);
    await expectCode(row, 'copy to', client.call('POST', `/storage/copy?${q({})}`, { from: seed, to: p }), taken);
    await expectCode(row, 'rename to', client.call('POST', `/storage/rename?${q({})}`, { from: seed, to: p }), taken);
    if (row.finalLink) continue; // acting on the link itself is legitimate
    await expectCode(row, 'rename from', client.call('POST', `/storage/rename?${q({})}`, { from: p, to: `${s.run}/renamed` }));
  }
  return calls;

  async function expectQueryCalls(row: HostilePath, p: string, taken: number[]): Promise<void> {
    // state answers "missing" as 200 { exists: false }, where the row allows missing
    const missingOk = row.codes.some((c) => c === 1404 || c === 11502);
    const state = await client.call<{ exists: boolean }>('GET', `/storage/state?${q({ file: p })}`);
    if (missingOk && state.envelope?.code === 200) expect(state.envelope.spec.exists).toBe(false);
    await expectCode(row, 'state', Promise.resolve(state), missingOk ? [200] : []);
    await expectCode(row, 'dir_info', client.call('GET', `/storage/dir_info?${q({ dir: p })}`), row.finalLink ? [11502] : []);
    await expectCode(row, 'view', client.call('GET', `/storage/view?${q({ type: 'text', file: p })}`));
    await expectCode(row, 'download', client.call('GET', `/storage/download?${q({ path: p })}`));
    if (row.readOnly) return;
    await expectCode(row, 'upload', client.call('PUT', `/storage/upload?${q({ path: p })}`, Buffer.from('x')), taken);
    if (row.finalLink) return;
    await expectCode(row, 'delete', client.call('DELETE', `/storage/file?${q({ path: p, permanent: true })}`));
  }
}
