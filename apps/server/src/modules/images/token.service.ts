import { Code } from '@starlight/contract/codes';
import { namespaceOf, repositoryNamePattern } from '@starlight/contract/images';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/secrets';
import type { AuditRecorder } from '../audit/audit.service';
import { allowedActions, parseScope, type ImageAction, type ImagePrincipal } from './access';
import type { ImagesRepo } from './images.repo';
import { quotaMessage } from './quota-ledger';
import type { QuotaLedger } from './quota-ledger';
import type { RegistriesService } from './registries.service';
import type { SigningKey, RegistryAccess } from './signing-key';

export const tokenTtlSeconds = 300;

export interface TokenRequest {
  service: string | undefined;
  scopes: string[];
  /** The Basic credentials (user name, CLI secret), absent for an anonymous client. */
  basic: { user: string; secret: string } | null;
  ip: string;
  userAgent: string;
}

interface TokenDeps {
  repo: ImagesRepo;
  registries: RegistriesService;
  ledger: QuotaLedger;
  key: SigningKey;
  audit: AuditRecorder;
  /** Whether the user holds dchub-basic-admin (identity's permission keys). */
  isPlatformAdmin: (userId: number, status: number) => Promise<boolean>;
  now: () => Date;
}

const unauthorized = () => new AppError(Code.tokenInvalid, 'invalid user name or CLI secret');

/**
 * Docker Registry v2 token authentication: the registry sends clients here; the console answers
 * with a short-lived ES256 JWT granting, per requested scope, only what the namespace rules allow.
 * Anonymous callers get only pulls of public repositories. Refusals are grants of nothing, so the
 * registry answers them as it answers a missing repository: no private name or tag leaks.
 */
export function createTokenService({ repo, registries, ledger, key, audit, isPlatformAdmin, now }: TokenDeps) {
  async function principalOf(basic: TokenRequest['basic']): Promise<{ principal: ImagePrincipal; userId: number } | null> {
    if (!basic) return null;
    const secret = await repo.liveSecret(hashToken(basic.secret), now());
    const user = secret ? await repo.principalRow(basic.user) : null;
    if (!secret || !user || user.id !== secret.userId) return null;
    await repo.touchSecret(secret.id, now());
    return {
      userId: user.id,
      principal: { userName: user.userName, ownNamespace: user.ownNamespace, groupName: user.groupName, adminOf: user.adminOf, platformAdmin: await isPlatformAdmin(user.id, user.status) },
    };
  }

  return {
    async issue(request: TokenRequest): Promise<{ token: string; access_token: string; expires_in: number; issued_at: string }> {
      const registry = request.service ? await repo.registryByName(request.service) : null;
      if (!registry || registry.auth !== 'console') {
        throw new AppError(Code.invalidInput, 'unknown service', { fields: [{ path: 'query.service', message: 'not a registry of this console' }] });
      }
      const who = await principalOf(request.basic);
      const subject = who?.principal.userName ?? '';
      if (request.basic && !who) {
        await audit.record({ action: 'image_token', result: 'failed', userId: null, userName: request.basic.user.slice(0, 60), ip: request.ip, userAgent: request.userAgent, target: `registry:${registry.name}`, detail: 'invalid user name or CLI secret' });
        throw unauthorized();
      }
      const publicNames = await repo.publicNames(registry.id);
      const access: RegistryAccess[] = [];
      const decisions: string[] = [];
      let quotaRefusal: string | null = null;
      for (const scope of request.scopes.slice(0, 20)) {
        const parsed = parseScope(scope);
        if (!parsed) continue;
        let granted: string[] = [];
        if (parsed.type === 'registry' && parsed.name === 'catalog') {
          granted = who?.principal.platformAdmin ? ['*'] : [];
        } else if (parsed.type === 'repository' && repositoryNamePattern.test(parsed.name) && parsed.name.length <= 255) {
          const allowed = allowedActions(who?.principal ?? null, parsed.name, publicNames.has(parsed.name));
          granted = parsed.actions.filter((action): action is ImageAction => allowed.has(action as ImageAction));
          if (granted.includes('push')) {
            const refusal = await quotaCheck(registry.id, parsed.name);
            if (refusal) {
              granted = granted.filter((action) => action !== 'push');
              quotaRefusal = refusal;
            }
          }
        }
        if (granted.length > 0) access.push({ type: parsed.type, name: parsed.name, actions: granted });
        decisions.push(`${scope} -> ${granted.join(',') || 'nothing'}`);
      }
      await audit.record({
        action: 'image_token',
        result: quotaRefusal ? 'failed' : 'ok',
        userId: who?.userId ?? null,
        userName: subject || 'anonymous',
        ip: request.ip,
        userAgent: request.userAgent,
        target: `registry:${registry.name}`,
        detail: (quotaRefusal ? `${quotaRefusal}; ` : '') + (decisions.join('; ') || 'login'),
      });
      // told only to a caller allowed to push there, so it names nothing they may not see
      if (quotaRefusal) throw new AppError(Code.forbidden, quotaRefusal);
      if (access.some((grant) => grant.actions.includes('push'))) registries.pushGranted(registry.id);
      const token = await key.sign({ subject, audience: registry.name, access }, tokenTtlSeconds);
      return { token, access_token: token, expires_in: tokenTtlSeconds, issued_at: now().toISOString() };
    },
  };

  /** A message when the repository's namespace has a quota its stored bytes already reach. */
  async function quotaCheck(registryId: number, repository: string): Promise<string | null> {
    const namespace = namespaceOf(repository);
    const quota = await registries.limitedQuota(registryId, namespace);
    const used = quota ? ledger.projected(registryId, namespace, quota.usedBytes) : 0;
    if (!quota || used < quota.quotaBytes) return null;
    return quotaMessage(namespace, `${used} of ${quota.quotaBytes} bytes used`);
  }
}

export type TokenService = ReturnType<typeof createTokenService>;
