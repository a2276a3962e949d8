import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditRecorder } from '../audit/audit.service';
import { allowedActions } from './access';
import { createImagesRepo, type ImagesRepo } from './images.repo';
import type { RegistriesService } from './registries.service';

/**
 * Making an image public by approval (issue 11): the applicant's own repository (their namespace, or
 * a group's they administer; a platform administrator's keys do not count here) is marked public inside
 * the approval's transaction. The audit entry follows the commit, as a direct change writes one.
 */
export function createImagePublicGrants({ repo, registries, audit, now = () => new Date() }: { repo: ImagesRepo; registries: Pick<RegistriesService, 'rowOf' | 'driverOf'>; audit: AuditRecorder; now?: () => Date }) {
  const nameField = 'body.payload.name';
  const refuse = (code: number, path: string, info: string, message: string) => new AppError(code, info, { fields: [{ path, message }] });
  return {
    /** Before the transaction: 1404 unknown registry or repository without tags, 1403 not the applicant's, 1409 public already. */
    async resolve(applicantId: number, registryId: number, name: string): Promise<{ registryId: number; registryName: string; name: string; userId: number; userName: string }> {
      const row = await repo.registry(registryId);
      if (!row) throw refuse(Code.notFound, 'body.payload.registry_id', `registry ${registryId} not found`, 'no such registry');
      const userName = (await repo.userNameOf(applicantId)) ?? '';
      const principal = await repo.principalRow(userName);
      const stored = (await repo.repositoryRows(row.id, [name]))[0];
      const mine = principal === null ? new Set<string>() : allowedActions({ userName, ownNamespace: principal.ownNamespace, groupName: principal.groupName, adminOf: principal.adminOf, platformAdmin: false }, name, false);
      // another user's private repository answers as a missing one
      if (!mine.has('pull') && !stored?.public) throw refuse(Code.notFound, nameField, `repository ${name} not found`, 'no such repository');
      if (!mine.has('push')) throw refuse(Code.forbidden, nameField, `repository ${name} is not yours`, 'only the owner of a repository may apply to make it public');
      if (stored?.public) throw refuse(Code.conflict, nameField, `repository ${name} is public already`, 'public already');
      const tags = await registries
        .driverOf(row)
        .tags(name)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === Code.notFound) return [] as string[];
          throw error;
        });
      if (tags.length === 0) throw refuse(Code.notFound, nameField, `repository ${name} not found`, 'no such repository');
      return { registryId: row.id, registryName: row.name, name, userId: applicantId, userName };
    },
    async publishIn(tx: Database, image: { registryId: number; registryName: string; name: string; userId: number; userName: string }): Promise<() => Promise<void>> {
      await createImagesRepo(tx).upsertRepository(image.registryId, image.name, { public: true }, now());
      return async () =>
        audit.record({ action: 'image_visibility_change', result: 'ok', userId: image.userId, userName: image.userName, ip: '', userAgent: '', target: `image:${image.registryName}/${image.name}`, detail: 'public (approved application)' });
    },
  };
}

export type ImagePublicGrants = ReturnType<typeof createImagePublicGrants>;
