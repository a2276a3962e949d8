import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileDriver } from '../../drivers/files/interface';
import type { LocalUsers } from '../../drivers/local-users/unix-users';
import { copy, obscure, sha1sums, sizeOf, type CopyRun, type RcloneRemote, type RunAs } from '../../drivers/transfer/rclone';
import { openSourceProxy, type SourceProxy } from '../../drivers/transfer/source-proxy';
import { reachable } from '../../lib/net-guard';
import type { SourceRow, UdmRepo } from './udm.repo';

export interface RunnerDeps {
  repo: UdmRepo;
  files: FileDriver;
  accountOf: (userId: number) => Promise<string | null>;
  localUsers?: LocalUsers | undefined;
  log: (error: unknown, context: string) => void;
}

/**
 * The rclone remote of a source; secrets obscured as rclone expects (S3 takes `access:secret`). SFTP goes to the
 * checked address; WebDAV and S3 go through `proxy` (source-proxy.ts), which reaches that address and follows no redirect.
 */
export function remoteOf(source: SourceRow, address: string, proxy: string): RcloneRemote {
  const secret = source.secret;
  if (source.kind === 'sftp') {
    const auth: Record<string, string> = secret.startsWith('-----BEGIN') ? { key_pem: secret.replace(/\r?\n/g, '\\n') } : secret ? { pass: obscure(secret) } : {};
    // shell_type none: no remote commands (the server may allow SFTP only); hashes are computed on download
    return { type: 'sftp', options: { host: address, port: String(source.port), user: source.username, shell_type: 'none', disable_hashcheck: 'true', ...auth } };
  }
  if (source.kind === 'webdav') return { type: 'webdav', options: { url: `${proxy}/`, vendor: 'other', user: source.username, ...(secret ? { pass: obscure(secret) } : {}) } };
  const [accessKey = '', secretKey = ''] = secret.split(':', 2);
  return { type: 's3', options: { provider: 'Other', endpoint: proxy, access_key_id: accessKey, secret_access_key: secretKey } };
}

/** A pid is ours to stop only while it is still an rclone process (not a recycled pid). */
async function isRclone(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('rclone');
  } catch {
    return false;
  }
}

/**
 * Runs transfers: one rclone copy per start, progress written about once a second, then a SHA-1 report
 * of every file (remote read again, local copy hashed) so the user sees that what arrived is what left.
 * A server stopping leaves its transfers `running`; the next start stops any orphaned rclone and runs
 * them again, and rclone skips what already arrived.
 */
export function createTransferRunner(deps: RunnerDeps) {
  const { repo } = deps;
  const running = new Map<number, CopyRun>();
  let stopping = false;
  const failed = (transferId: number, error: string, log = '') => repo.updateTransfer(transferId, { state: 'failed', error, log, pid: null, finishedAt: new Date() });

  async function run(transferId: number): Promise<void> {
    const found = await repo.transfer(transferId);
    if (!found) return;
    const { transfer } = found;
    const source = await repo.source(transfer.sourceId);
    if (!source) return;
    const fail = (error: string) => failed(transferId, error);
    if (transfer.pid && (await isRclone(transfer.pid))) process.kill(transfer.pid, 'SIGKILL');
    const allowed = new Set((await repo.allowedHosts()).map((h) => h.host));
    const check = await reachable(source.host, source.port, allowed);
    if (!check.ok) return void (await fail(check.reason));
    const account = await deps.accountOf(source.userId);
    if (!account) return void (await fail('the owner has no bound account'));
    const identity = { account };
    await deps.files.mkdir(identity, source.targetPath, { parents: true });
    const home = await deps.files.homePath(identity);
    const dest = path.join(home, source.targetPath);
    const runAs = deps.localUsers ? await deps.localUsers.lookup(account) : undefined;
    // the address checked above, not the name again: a DNS answer changed in between cannot redirect it
    const address = check.addresses[0] ?? source.host;
    const proxy =
      source.kind === 'sftp' ? null : await openSourceProxy({ scheme: source.port === 443 ? 'https' : 'http', address, port: source.port, hostName: source.host, keepHost: source.kind === 's3' });
    try {
      await copyAndCheck(transferId, transfer.attempts, source, { remote: remoteOf(source, address, proxy?.origin ?? ''), home, runAs }, dest, proxy);
    } finally {
      await proxy?.close();
    }
  }

  /** One rclone copy of the source into `dest`, then the checksum report; `proxy` is the WebDAV/S3 source's. */
  async function copyAndCheck(transferId: number, attempts: number, source: SourceRow, common: { remote: RcloneRemote; home: string; runAs: RunAs | undefined }, dest: string, proxy: SourceProxy | null) {
    const fail = (error: string, log = '') => failed(transferId, error, log);
    const total = await sizeOf({ ...common, remotePath: source.remotePath });
    await repo.updateTransfer(transferId, { state: 'running', attempts: attempts + 1, bytesTotal: total, error: '' });
    let last = 0;
    const started = copy({
      ...common,
      remotePath: source.remotePath,
      dest,
      bwlimit: (source.options.bwlimit ?? '') || undefined,
      onStats: (stats) => {
        const now = Date.now();
        if (now - last < 900) return;
        last = now;
        // what this run still has to move is the rest; what it skipped had arrived before
        const done = Math.max(0, Math.min(total, total - (stats.totalBytes - stats.bytes)));
        void repo.updateTransfer(transferId, { bytesDone: done, speed: stats.speed }).catch((e: unknown) => deps.log(e, 'transfer progress'));
      },
    });
    running.set(transferId, started);
    await repo.updateTransfer(transferId, { pid: started.pid });
    const result = await started.done;
    running.delete(transferId);
    const log = result.tail.join('\n');
    if (stopping) return; // left `running`: the next start resumes it
    const redirect = proxy?.refused[0];
    if (redirect) return void (await fail(`the source answered ${redirect.status} redirecting to ${redirect.location}: redirects are not followed`, log));
    if (result.code !== 0) return void (await fail(`rclone exited with ${result.code}`, log));
    await repo.updateTransfer(transferId, { bytesDone: total, speed: 0, pid: null, log });
    try {
      const [remoteSums, localSums] = await Promise.all([
        sha1sums({ ...common, target: `src:${source.remotePath}`, download: true }),
        sha1sums({ ...common, target: dest, download: false }),
      ]);
      const checksums = [...remoteSums].slice(0, 1000).map(([file, sha1]) => ({ path: file, size: 0, sha1, match: localSums.get(file) === sha1 }));
      const ok = checksums.every((c) => c.match);
      await repo.updateTransfer(transferId, { state: ok ? 'done' : 'failed', checksums, checksumOk: ok, error: ok ? '' : 'checksums differ', finishedAt: new Date() });
    } catch (error) {
      await fail(`checksum report failed: ${String(error)}`, log);
    }
  }

  /** Transfers this instance is working on (a second resume, e.g. on becoming leader again, leaves them alone). */
  const claimed = new Set<number>();
  const launch = (transferId: number) => {
    if (claimed.has(transferId)) return;
    claimed.add(transferId);
    void run(transferId)
      .catch(async (error: unknown) => {
        deps.log(error, `transfer ${transferId}`);
        running.delete(transferId);
        if (!stopping) await repo.updateTransfer(transferId, { state: 'failed', error: String(error), pid: null, finishedAt: new Date() }).catch(() => undefined);
      })
      .finally(() => claimed.delete(transferId));
  };

  return {
    launch,
    /** Start-up: transfers a stopped or killed server left behind run again. */
    async resume(): Promise<number> {
      const rows = await repo.unfinished();
      for (const row of rows) launch(row.id);
      return rows.length;
    },
    /** Server stopping: rclone is stopped, the transfers stay `running` for the next start. */
    async stop(): Promise<void> {
      stopping = true;
      const runs = [...running.values()];
      for (const r of runs) r.stop();
      await Promise.all(runs.map((r) => r.done));
    },
    cancel(transferId: number): boolean {
      const r = running.get(transferId);
      r?.stop();
      return !!r;
    },
  };
}

export type TransferRunner = ReturnType<typeof createTransferRunner>;
