import { randomBytes } from 'node:crypto';
import type { OauthClient, OauthClientCreated, OauthClientInput } from '@starlight/contract/sso';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { ClientRow, ClientsRepo } from './clients.repo';

/** oidc-provider's client metadata (RFC 7591 names) for a registered site. */
export interface ClientMetadata {
  client_id: string;
  client_secret?: string;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: string;
  scope: string;
  application_type: 'web';
}

const toDto = (row: ClientRow): OauthClient => ({
  id: row.id,
  client_id: row.clientId,
  name: row.name,
  public: row.public,
  redirect_uris: row.redirectUris,
  scopes: row.scopes,
  created_at: row.createdAt.toISOString(),
});

const newSecret = () => randomBytes(32).toString('base64url');

/** Third-party sites registered by platform admins (the /user-center/oauth-clients page). */
export function createClientsService({ repo, onRevoke, now }: { repo: ClientsRepo; onRevoke: (clientId: string) => Promise<void>; now: () => Date }) {
  return {
    async list(page: number, pageSize: number): Promise<{ list: OauthClient[]; total: number }> {
      const { rows, total } = await repo.list((page - 1) * pageSize, pageSize);
      return { list: rows.map(toDto), total };
    },

    async create(actor: Actor, input: OauthClientInput): Promise<OauthClientCreated> {
      const secret = input.public ? null : newSecret();
      const row = await repo.insert({
        clientId: `sl-${randomBytes(12).toString('hex')}`,
        clientSecret: secret,
        name: input.name,
        public: input.public,
        redirectUris: [...new Set(input.redirect_uris)],
        scopes: input.scopes,
        createdBy: actor.userId,
      });
      return { ...toDto(row), client_secret: secret };
    },

    /** Changing public ↔ confidential makes or drops the secret (a new one is answered once). */
    async update(id: number, input: OauthClientInput): Promise<OauthClientCreated> {
      const existing = await repo.byId(id);
      if (!existing) throw notFound('client');
      const secret = input.public ? null : existing.public ? newSecret() : existing.clientSecret;
      const row = await repo.update(id, {
        name: input.name,
        public: input.public,
        clientSecret: secret,
        redirectUris: [...new Set(input.redirect_uris)],
        scopes: input.scopes,
        updatedAt: now(),
      });
      if (!row) throw notFound('client');
      return { ...toDto(row), client_secret: !input.public && existing.public ? secret : null };
    },

    async rotateSecret(id: number): Promise<OauthClientCreated> {
      const existing = await repo.byId(id);
      if (!existing) throw notFound('client');
      if (existing.public) return { ...toDto(existing), client_secret: null };
      const secret = newSecret();
      const row = await repo.update(id, { clientSecret: secret, updatedAt: now() });
      if (!row) throw notFound('client');
      return { ...toDto(row), client_secret: secret };
    },

    /** Removing a site also ends every grant, code and token issued to it. */
    async remove(id: number): Promise<string> {
      const row = await repo.remove(id);
      if (!row) throw notFound('client');
      await onRevoke(row.clientId);
      return row.clientId;
    },

    async nameOf(clientId: string): Promise<string | null> {
      return (await repo.byClientId(clientId))?.name ?? null;
    },

    /** What oidc-provider's Client model loads through the adapter. */
    async metadataOf(clientId: string): Promise<ClientMetadata | undefined> {
      const row = await repo.byClientId(clientId);
      if (!row) return undefined;
      const refresh = row.scopes.includes('offline_access');
      return {
        client_id: row.clientId,
        ...(row.clientSecret && !row.public ? { client_secret: row.clientSecret } : {}),
        client_name: row.name,
        redirect_uris: row.redirectUris,
        grant_types: refresh ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: row.public ? 'none' : 'client_secret_basic',
        scope: row.scopes.join(' '),
        application_type: 'web',
      };
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
