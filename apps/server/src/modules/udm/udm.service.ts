import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { DataSource, DataSourceCreate, Dataset, DatasetCreate, DatasetPatch, Transfer, TransferState } from '@starlight/contract/udm';
import type { FileDriver } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { reachable } from '../../lib/net-guard';
import type { DatasetRow, SourceRow, TransferRow, UdmRepo } from './udm.repo';
import type { TransferRunner } from './transfer-runner';

const fieldError = (code: number, field: string, info: string) => new AppError(code, info, { fields: [{ path: field, message: info }] });
const isUniqueViolation = (error: unknown): boolean => [(error as { code?: string }).code, (error as { cause?: { code?: string } }).cause?.code].includes('23505');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const toDataset = (row: DatasetRow): Dataset => ({
  id: row.id,
  owner: row.owner,
  name: row.name,
  description: row.description,
  labels: row.labels,
  paths: row.paths,
  shared_with_group: row.sharedWithGroup,
  share_expires_at: row.shareExpiresAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
const toSource = (row: SourceRow): DataSource => ({
  id: row.id,
  name: row.name,
  kind: row.kind as DataSource['kind'],
  host: row.host,
  port: row.port,
  username: row.username,
  has_secret: row.secret !== '',
  remote_path: row.remotePath,
  target_path: row.targetPath,
  bandwidth_limit: row.options.bwlimit ?? '',
  created_at: row.createdAt.toISOString(),
});
const toTransfer = ({ transfer: t, sourceName }: { transfer: TransferRow; sourceName: string }): Transfer => ({
  id: t.id,
  source_id: t.sourceId,
  source_name: sourceName,
  state: t.state as TransferState,
  bytes_done: t.bytesDone,
  bytes_total: t.bytesTotal,
  speed: t.speed,
  attempts: t.attempts,
  error: t.error,
  log: t.log,
  checksums: t.checksums,
  checksum_ok: t.checksumOk,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
  finished_at: t.finishedAt?.toISOString() ?? null,
});

export interface UdmDeps {
  repo: UdmRepo;
  files: FileDriver;
  runner: TransferRunner;
  accountOf: (userId: number) => Promise<string | null>;
  groupMateIds: (userId: number) => Promise<number[]>;
  now?: () => Date;
}

/** Datasets, data sources and their transfers (spec §2 /udm). Every call acts for the caller's own rows; others' are 1404. */
export function createUdmService({ repo, files, runner, accountOf, groupMateIds, now = () => new Date() }: UdmDeps) {
  const accountFor = async (actor: Actor): Promise<string> => {
    const account = await accountOf(actor.userId);
    if (!account) throw new AppError(Code.forbidden, 'bind a system account first');
    return account;
  };
  /** Every path must exist in the caller's storage (resolved by the file driver: no escape through links). */
  const checkPaths = async (actor: Actor, paths: string[]) => {
    const account = await accountFor(actor);
    for (const [i, p] of paths.entries()) {
      await files.stat({ account }, p).catch(() => {
        throw fieldError(Code.invalidInput, `body.paths.${i}`, `${p} is not in your storage`);
      });
    }
  };
  const ownDataset = async (actor: Actor, id: number) => {
    const row = await repo.dataset({ id });
    if (!row || row.userId !== actor.userId) throw notFound('dataset');
    return row;
  };
  const ownSource = async (actor: Actor, id: number) => {
    const row = await repo.source(id);
    if (!row || row.userId !== actor.userId) throw notFound('data source');
    return row;
  };
  const nameTaken = () => fieldError(Code.conflict, 'body.name', 'you already have one with this name');

  return {
    async datasets(actor: Actor): Promise<List<Dataset>> {
      const list = (await repo.datasets(actor.userId, await groupMateIds(actor.userId))).map(toDataset);
      return { list, total: list.length };
    },
    async dataset(actor: Actor, id: number): Promise<Dataset> {
      const row = await repo.dataset({ id });
      const mates = row && row.userId !== actor.userId && row.sharedWithGroup ? await groupMateIds(actor.userId) : [];
      if (!row || (row.userId !== actor.userId && !mates.includes(row.userId))) throw notFound('dataset');
      return toDataset(row);
    },
    async createDataset(actor: Actor, input: DatasetCreate): Promise<Dataset> {
      await checkPaths(actor, input.paths);
      try {
        const row = await repo.insertDataset({ userId: actor.userId, name: input.name, description: input.description, labels: input.labels, paths: input.paths, sharedWithGroup: input.shared_with_group });
        return this.dataset(actor, row?.id ?? 0);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
    async updateDataset(actor: Actor, id: number, patch: DatasetPatch): Promise<Dataset> {
      await ownDataset(actor, id);
      if (patch.paths) await checkPaths(actor, patch.paths);
      const { shared_with_group, ...rest } = patch;
      try {
        await repo.updateDataset(id, { ...rest, ...(shared_with_group !== undefined ? { sharedWithGroup: shared_with_group } : {}) });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return this.dataset(actor, id);
    },
    async deleteDataset(actor: Actor, id: number) {
      await ownDataset(actor, id);
      await repo.deleteDataset(id);
      return { deleted: 1 };
    },
    /** A read-only link; a new one replaces the old (only its hash is kept). */
    async shareLink(actor: Actor, id: number, hours: number) {
      await ownDataset(actor, id);
      const token = randomBytes(24).toString('base64url');
      const expires = new Date(now().getTime() + hours * 3600_000);
      await repo.updateDataset(id, { shareTokenHash: tokenHash(token), shareExpiresAt: expires });
      return { token, expires_at: expires.toISOString() };
    },
    async byLink(token: string): Promise<Dataset> {
      const row = await repo.dataset({ tokenHash: tokenHash(token) });
      if (!row || !row.shareExpiresAt || row.shareExpiresAt <= now()) throw notFound('shared dataset');
      return toDataset(row);
    },

    async sources(actor: Actor): Promise<List<DataSource>> {
      const list = (await repo.sources(actor.userId)).map(toSource);
      return { list, total: list.length };
    },
    async createSource(actor: Actor, input: DataSourceCreate): Promise<DataSource> {
      await accountFor(actor);
      const allowed = new Set((await repo.allowedHosts()).map((h) => h.host));
      const check = await reachable(input.host, input.port, allowed);
      if (!check.ok) throw fieldError(Code.invalidInput, 'body.host', check.reason);
      try {
        return toSource(
          await repo.insertSource({
            userId: actor.userId,
            name: input.name,
            kind: input.kind,
            host: input.host.toLowerCase(),
            port: input.port,
            username: input.username,
            secret: input.secret,
            remotePath: input.remote_path,
            targetPath: input.target_path,
            options: input.bandwidth_limit ? { bwlimit: input.bandwidth_limit } : {},
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
    async deleteSource(actor: Actor, id: number) {
      await ownSource(actor, id);
      if (await repo.activeTransfer(id)) throw new AppError(Code.conflict, 'a transfer of this source is running');
      await repo.deleteSource(id);
      return { deleted: 1 };
    },
    /** Starts a transfer in the background (1409 while one of the same source runs). */
    async start(actor: Actor, id: number): Promise<Transfer> {
      const source = await ownSource(actor, id);
      await accountFor(actor);
      if (await repo.activeTransfer(id)) throw new AppError(Code.conflict, 'a transfer of this source is already running');
      const row = await repo.insertTransfer({ sourceId: source.id, userId: actor.userId, state: 'queued' });
      runner.launch(row.id);
      return toTransfer({ transfer: row, sourceName: source.name });
    },
    async transfers(actor: Actor): Promise<List<Transfer>> {
      const list = (await repo.transfers(actor.userId)).map(toTransfer);
      return { list, total: list.length };
    },
    async transfer(actor: Actor, id: number): Promise<Transfer> {
      const row = await repo.transfer(id);
      if (!row || row.transfer.userId !== actor.userId) throw notFound('transfer');
      return toTransfer(row);
    },

    allowedHosts: async () => {
      const list = (await repo.allowedHosts()).map((h) => ({ host: h.host, note: h.note, created_at: h.createdAt.toISOString() }));
      return { list, total: list.length };
    },
    allowHost: async (host: string, note: string) => {
      await repo.allowHost(host.toLowerCase(), note);
      return { host: host.toLowerCase(), note, created_at: now().toISOString() };
    },
    disallowHost: async (host: string) => {
      if ((await repo.disallowHost(host.toLowerCase())) === 0) throw notFound('allowed host');
      return { deleted: 1 };
    },
  };
}

export type UdmService = ReturnType<typeof createUdmService>;
