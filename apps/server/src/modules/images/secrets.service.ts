import type { z } from 'zod';
import type { CliSecret, cliSecretCreateSchema, cliSecretListQuerySchema } from '@starlight/contract/images';
import type { List } from '@starlight/contract/envelope';
import { hasAnyPermission } from '@starlight/contract/permissions';
import type { Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/secrets';
import type { AuditRecorder } from '../audit/audit.service';
import type { ImagesRepo, SecretRow } from './images.repo';

interface SecretsDeps {
  repo: ImagesRepo;
  audit: AuditRecorder;
  now: () => Date;
}

const out = (row: SecretRow): CliSecret => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked: row.revokedAt !== null,
});

/** Per-user CLI secrets for docker/podman/skopeo login: shown once, stored as SHA-256, named, expiring, revocable. */
export function createSecretsService({ repo, audit, now }: SecretsDeps) {
  const isAdmin = (actor: Actor) => hasAnyPermission(['dchub-basic-admin'], actor.permissions);
  const event = (actor: Actor, action: 'image_secret_create' | 'image_secret_revoke', target: string, detail: string) =>
    audit.record({ action, result: 'ok', userId: actor.userId, userName: actor.userName, ip: '', userAgent: '', target, detail, impersonatorName: actor.impersonator?.userName });

  return {
    async create(actor: Actor, input: z.output<typeof cliSecretCreateSchema>) {
      const secret = `slc_${newToken()}`;
      const row = await repo.insertSecret({
        userId: actor.userId,
        name: input.name,
        secretHash: hashToken(secret),
        expiresAt: new Date(now().getTime() + input.expires_in_days * 86_400_000),
        createdAt: now(),
      });
      await event(actor, 'image_secret_create', `user:${actor.userName}`, `secret ${row.id} "${input.name}", ${input.expires_in_days} days`);
      return { ...out(row), secret, user_name: actor.userName };
    },

    /** The caller's secrets, or (dchub-basic-admin) another user's. */
    async list(actor: Actor, query: z.output<typeof cliSecretListQuerySchema>): Promise<List<CliSecret>> {
      let userId = actor.userId;
      if (query.field_eq_user_name && query.field_eq_user_name !== actor.userName) {
        if (!isAdmin(actor)) throw forbidden();
        const user = await repo.principalRow(query.field_eq_user_name);
        if (!user) throw notFound('user');
        userId = user.id;
      }
      const rows = await repo.secrets(userId);
      const start = (query.page - 1) * query.page_size;
      return { list: rows.slice(start, start + query.page_size).map(out), total: rows.length };
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      const owner = await repo.secretOwner(id);
      if (owner === null || (owner !== actor.userId && !isAdmin(actor))) throw notFound('CLI secret');
      const row = await repo.revokeSecret(id, null, now());
      if (!row) throw notFound('CLI secret');
      await event(actor, 'image_secret_revoke', `secret:${id}`, `user id ${owner}`);
    },
  };
}

export type SecretsService = ReturnType<typeof createSecretsService>;
