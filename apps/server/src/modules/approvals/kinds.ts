import type { z } from 'zod';
import { appPublishPayloadSchema, cpuHoursPayloadSchema, groupJoinPayloadSchema, imagePublicPayloadSchema, partitionAccessPayloadSchema, storageQuotaPayloadSchema, type ApplicationKind } from '@starlight/contract/approvals';
import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ApplicationGrants } from '../quotas/application-grants';
import type { StorageApplicationGrants } from '../cluster-storage/application-grants';
import type { MembershipGrants } from '../identity/application-grants';
import type { CpuHourGrants } from '../fees/application-grants';
import type { AppPublishGrants } from '../apps/application-grants';
import type { ImagePublicGrants } from '../images/application-grants';

/** What a kind knows of an application. */
export interface ApplicationFacts<P> {
  applicantId: number;
  /** The applicant's group (when applying: now; later: when they applied). */
  applicantGroupId: number | null;
  payload: P;
}

/** Runs after the deciding transaction committed (Slurm associations, notices). */
export type AfterCommit = () => Promise<void>;

/** What a kind resolved before the transaction; the transaction then reads and writes only through `tx`. */
export interface PreparedGrant {
  /** The group whose administrators a `group_admin` node means (default: the applicant's). */
  approverGroup?: number | null;
  apply(tx: Database, expiresAt: Date | null): Promise<AfterCommit | void>;
  /** At the end of the period (periodic kinds). */
  expire?(tx: Database): Promise<AfterCommit | void>;
}

/**
 * One application kind, owned by the module whose service it calls. Adding a kind = appending it to
 * the contract's `applicationKinds` and registering one of these; chains, decisions, notices, periods
 * and concurrency stay the approvals module's.
 */
export interface ApprovalKind<P = unknown> {
  kind: ApplicationKind;
  payload: z.ZodType<P>;
  /** Whether an approval may carry a period (renewal reminder, removal at expiry). */
  periodic: boolean;
  /**
   * Checks the payload against the world (1400/1404/1409 naming `body.payload.*`) and answers the
   * writes. Called when applying, and again before the final decision (names may have gone since).
   */
  prepare(facts: ApplicationFacts<P>): Promise<PreparedGrant>;
  /** Plain text for messages and lists, e.g. "local/debug". */
  describe(payload: P): string;
}

export type KindRegistry = ReadonlyMap<ApplicationKind, ApprovalKind>;

export interface KindOwners {
  partitions?: ApplicationGrants;
  storage?: StorageApplicationGrants;
  groups?: MembershipGrants;
  cpuHours?: CpuHourGrants;
  appPublish?: AppPublishGrants;
  imagePublic?: ImagePublicGrants;
}

const needsGroup = () => new AppError(Code.conflict, 'partitions are granted to groups: join a group first');

/** The kinds that exist today, each backed by its owner's service (a kind whose owner is absent is not offered). */
export function createKindRegistry({ partitions, storage, groups, cpuHours, appPublish, imagePublic }: KindOwners): KindRegistry {
  const kinds: ApprovalKind[] = [];
  if (partitions)
    kinds.push(
      define({
        kind: 'partition_access',
        payload: partitionAccessPayloadSchema,
        periodic: true,
        async prepare({ applicantGroupId: groupId, payload }) {
          if (groupId === null) throw needsGroup();
          const partition = await partitions.resolve(payload.cluster_name, payload.partition_name);
          return {
            apply: (tx, expiresAt) => partitions.grantIn(tx, partition, { groupId, maxCpus: payload.max_cpus, expiresAt }),
            expire: (tx) => partitions.revokeIn(tx, partition, groupId),
          };
        },
        describe: (p) => `${p.cluster_name}/${p.partition_name}`,
      }),
    );
  if (storage)
    kinds.push(
      define({
        kind: 'storage_quota',
        payload: storageQuotaPayloadSchema,
        periodic: true,
        async prepare({ applicantId: userId, payload }) {
          const storageId = await storage.resolve(payload.cluster_name, payload.storage_name);
          // at expiry the quota's own expires_at refuses writes (cluster-storage README): nothing to remove
          return { apply: (tx, expiresAt) => storage.grantIn(tx, storageId, { userId, limitBytes: payload.limit_bytes, expiresAt }) };
        },
        describe: (p) => `${p.cluster_name}/${p.storage_name} (${p.limit_bytes} B)`,
      }),
    );
  if (groups)
    kinds.push(
      define({
        kind: 'group_join',
        payload: groupJoinPayloadSchema,
        periodic: false,
        async prepare({ applicantId, payload }) {
          const groupId = await groups.resolve(applicantId, payload.group_name);
          // joining is decided by the group joined, not the one left
          return { approverGroup: groupId, apply: (tx) => groups.joinIn(tx, applicantId, groupId) };
        },
        describe: (p) => p.group_name,
      }),
    );
  if (cpuHours)
    kinds.push(
      define({
        kind: 'cpu_hours',
        payload: cpuHoursPayloadSchema,
        periodic: true,
        async prepare({ applicantId: userId, payload }) {
          const clusterName = await cpuHours.resolve(payload.cluster_name);
          // at expiry the allocation's own valid_to ends it (fees README): nothing to remove
          return { apply: (tx, expiresAt) => cpuHours.grantIn(tx, { userId, clusterName, cpuHours: payload.cpu_hours, expiresAt }) };
        },
        describe: (p) => `${p.cpu_hours} CPU hours${p.cluster_name ? ` on ${p.cluster_name}` : ''}`,
      }),
    );
  if (appPublish)
    kinds.push(
      define({
        kind: 'app_publish',
        payload: appPublishPayloadSchema,
        periodic: false,
        async prepare({ applicantId, payload }) {
          const appId = await appPublish.resolve(applicantId, payload.app_name);
          return { apply: (tx) => appPublish.publishIn(tx, appId, new Date()) };
        },
        describe: (p) => `publish app ${p.app_name}`,
      }),
    );
  if (imagePublic)
    kinds.push(
      define({
        kind: 'image_public',
        payload: imagePublicPayloadSchema,
        periodic: false,
        async prepare({ applicantId, payload }) {
          const image = await imagePublic.resolve(applicantId, payload.registry_id, payload.name);
          return { apply: (tx) => imagePublic.publishIn(tx, image) };
        },
        describe: (p) => `make image ${p.name} public`,
      }),
    );
  return new Map(kinds.map((k) => [k.kind, k]));
}

/** Keeps each kind's payload type checked while the registry holds them all as `ApprovalKind<unknown>`. */
function define<P>(kind: ApprovalKind<P>): ApprovalKind {
  return kind as unknown as ApprovalKind;
}
