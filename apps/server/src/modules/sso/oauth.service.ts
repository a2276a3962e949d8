import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { Code } from '@starlight/contract/codes';
import { isOnDomain, ssoRefusalText, type OauthAuthorizeInput, type OauthInteraction } from '@starlight/contract/sso';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { ClientsService } from './clients.service';
import type { ConsentsRepo } from './consents.repo';
import type { ProviderKeys } from './keys.service';
import type { OidcProvider } from './provider';

interface OauthServiceDeps {
  oidc: OidcProvider;
  clients: ClientsService;
  consents: ConsentsRepo;
  keys: ProviderKeys;
  issuer: string;
  /** Spec §2, §5: the provider's domain. */
  domain: string;
  now: () => Date;
}

/** token/v3 lives 10 minutes: long enough for a page to hand it to a third party, short enough to leak little. */
export const tokenV3LifetimeS = 10 * 60;
export const tokenV3Audience = 'starlight';

const scopesOf = (params: Record<string, unknown>): string[] =>
  typeof params.scope === 'string' ? [...new Set(params.scope.split(' ').filter(Boolean))] : [];

export const fieldError = (field: string, info: string) => new AppError(Code.invalidInput, info, { fields: [{ path: `body.${field}`, message: info }] });

const expired = () => new AppError(Code.notFound, 'the authorization request has expired, please start again from the site');

/** The consent step of the authorization code flow, and the spec's token/v3. */
export function createOauthService({ oidc, clients, consents, keys, issuer, domain, now }: OauthServiceDeps) {
  const { provider } = oidc;
  const epoch = () => Math.floor(now().getTime() / 1000);

  /**
   * The interaction by uid, only for the browser that started it: its signed interaction cookie must
   * name the same uid, so a uid passed to someone else's browser cannot be approved there.
   */
  const findInteraction = async (uid: string, boundUid: string | null) => {
    const interaction = await provider.Interaction.find(uid);
    if (!interaction) throw expired();
    if (boundUid !== uid) throw new AppError(Code.forbidden, 'this authorization request was started in another browser, please start again from the site');
    return interaction;
  };

  return {
    /** What the /oauth page shows: the site's name and the scopes it asks for. */
    async interaction(uid: string, boundUid: string | null): Promise<OauthInteraction> {
      const interaction = await findInteraction(uid, boundUid);
      const clientId = String(interaction.params.client_id ?? '');
      const name = await clients.nameOf(clientId);
      if (!name) throw notFound('client');
      return {
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        client: { client_id: clientId, name },
        scopes: scopesOf(interaction.params),
        redirect_uri: String(interaction.params.redirect_uri ?? ''),
      };
    },

    /**
     * The signed-in user's Allow or Deny. Allow logs the user in to the provider and grants the asked
     * scopes; either way the answer is the URL the browser continues to (the provider then sends it to
     * the site with a code or an access_denied error). Without a uid: a first-party site of the
     * provider's domain asking to be sent back (spec §5: refused outside the domain).
     */
    async authorize(actor: Actor, input: OauthAuthorizeInput, boundUid: string | null): Promise<{ redirect_to: string }> {
      if (input.uid === undefined) return firstPartyRedirect(input);
      const interaction = await findInteraction(input.uid, boundUid);
      const clientId = String(interaction.params.client_id ?? '');
      if (input.client_id !== undefined && input.client_id !== clientId)
        throw fieldError('client_id', 'client_id does not match the authorization request');
      const scopes = scopesOf(interaction.params);
      if (!input.allow) {
        interaction.result = { error: 'access_denied', error_description: 'End-User denied the authorization' };
        await interaction.save(interaction.exp - epoch());
        await consents.record({ userId: actor.userId, clientId, scopes, allowed: false, grantId: null });
        return { redirect_to: interaction.returnTo };
      }
      const accountId = String(actor.userId);
      const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
      const grant = existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(scopes.join(' '));
      const details = interaction.prompt.details as { missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [indicator, resourceScopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, resourceScopes.join(' '));
      const grantId = await grant.save();
      interaction.result = { login: { accountId, remember: false }, consent: { grantId } };
      await interaction.save(interaction.exp - epoch());
      await consents.record({ userId: actor.userId, clientId, scopes, allowed: true, grantId });
      return { redirect_to: interaction.returnTo };
    },

    /** GET /keystone/token/v3: the caller as a signed JWT any third party can check with our JWKS. */
    async tokenV3(actor: Actor): Promise<{ token_v3: string; expires_at: string; jwks_uri: string }> {
      const issuedAt = epoch();
      const token = await new SignJWT({ user_name: actor.userName, status: actor.status, permissions: [...actor.permissions] })
        .setProtectedHeader({ alg: 'RS256', kid: keys.signing.kid ?? '', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(tokenV3Audience)
        .setSubject(String(actor.userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + tokenV3LifetimeS)
        .setJti(randomUUID())
        .sign(keys.signingKey);
      return {
        token_v3: token,
        expires_at: new Date((issuedAt + tokenV3LifetimeS) * 1000).toISOString(),
        jwks_uri: new URL(`${oidc.mountPath}/oidc/jwks`, issuer).href,
      };
    },
  };

  function firstPartyRedirect(input: OauthAuthorizeInput): { redirect_to: string } {
    const target = input.redirect_url ?? '';
    if (input.client_id !== undefined)
      throw fieldError('uid', 'uid is required with a client_id: start at the authorization endpoint');
    if (!isOnDomain(target, domain)) {
      const host = hostOf(target);
      throw new AppError(Code.forbidden, ssoRefusalText(host), { host });
    }
    return { redirect_to: target };
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 100);
  }
}

export type OauthService = ReturnType<typeof createOauthService>;
