import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import type { AccountsService } from '../identity/accounts.service';
import type { AuthService } from '../identity/auth.service';
import { createClientsRepo } from './clients.repo';
import { clientsRoutes } from './clients.routes';
import { createClientsService } from './clients.service';
import { createConsentsRepo } from './consents.repo';
import { registrableDomain } from './domain';
import { createExternalRepo } from './external.repo';
import { externalRoutes } from './external.routes';
import { createExternalService } from './external.service';
import { createKeysRepo } from './keys.repo';
import { loadProviderKeys } from './keys.service';
import { oauthRoutes } from './oauth.routes';
import { createOauthService } from './oauth.service';
import { createOidcModelsRepo } from './oidc-models.repo';
import { importOidcProvider } from './import-oidc-provider';
import { createOidcProvider } from './provider';
import { providerRoutes } from './provider.routes';

export interface SsoModuleDeps {
  db: Database;
  /** The console's origin, e.g. https://console.example.com (config PUBLIC_URL). */
  publicUrl: string;
  /** The API base path, e.g. /api: the issuer is publicUrl + basePath. */
  basePath: string;
  /** Spec §2, §5: the provider's domain; null: the registrable domain of publicUrl. */
  domain: string | null;
  trustProxy: boolean;
  accounts: AccountsService;
  auth: AuthService;
  audit?: AuditRecorder | undefined;
  now?: () => Date;
  log: (error: unknown, context: string) => void;
  /** Only the leader of several instances purges (absent: this instance alone). */
  isLeader?: () => boolean;
}

const purgeEveryMs = 15 * 60 * 1000;

/**
 * Single sign-on: Starlight as an OpenID provider (oidc-provider, keys and models in the database),
 * the consent calls the /oauth page makes, the admin's third-party sites, token/v3, and sign-in
 * through an external provider (/wx-login, /vc-login). Async: the keys are read (or made once) first.
 */
export async function createSsoModule({ db, publicUrl, basePath, domain, trustProxy, accounts, auth, audit, now = () => new Date(), log, isLeader = () => true }: SsoModuleDeps) {
  const issuer = `${publicUrl}${basePath}`;
  const keys = await loadProviderKeys(createKeysRepo(db));
  const models = createOidcModelsRepo(db, now);
  const clients = createClientsService({ repo: createClientsRepo(db), onRevoke: (clientId) => models.revokeByClientId(clientId), now });
  const oidc = createOidcProvider({ Provider: await importOidcProvider(), issuer, keys, models, clients, profileOf: accounts.profileOf, proxy: trustProxy, interactionPage: '/oauth' });
  oidc.provider.on('server_error', (_ctx, error) => log(error, 'oidc provider error'));
  const ssoDomain = domain ?? registrableDomain(new URL(publicUrl).hostname);
  const oauth = createOauthService({ oidc, clients, consents: createConsentsRepo(db), keys, issuer, domain: ssoDomain, now });
  const external = createExternalService({ repo: createExternalRepo(db), accounts, auth, publicUrl, now });
  const config = { issuer, discovery_url: `${issuer}/.well-known/openid-configuration`, domain: ssoDomain };

  const routes: FastifyPluginAsync = async (app) => {
    await app.register(providerRoutes, { oidc });
    await app.register(oauthRoutes, { oauth, oidc, config, audit });
    await app.register(clientsRoutes, { clients, audit });
    await app.register(externalRoutes, { external, audit });
    const timer = setInterval(() => void (isLeader() ? models.purgeExpired() : Promise.resolve()).catch((error: unknown) => log(error, 'sso: purging expired models failed')), purgeEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };

  return { routes, oauth, clients, external, oidc, issuer, domain: ssoDomain };
}

export type SsoModule = Awaited<ReturnType<typeof createSsoModule>>;
