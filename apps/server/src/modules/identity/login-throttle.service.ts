import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import type { LoginFailuresRepo } from './login-failures.repo';

export interface LoginThrottleSettings {
  /** Failures of one account from one address before that pair backs off (1429). */
  maxFailures: number;
  /** Failures older than this are forgotten; also the longest back-off. */
  windowS: number;
  /** The first back-off; it doubles with every further failure of the pair (default 30 s). */
  backoffBaseS?: number;
  /** Failures (per account from any address / per address for any account) after which a login must carry a solved captcha; unset: never. */
  captchaAfter?: number;
  captchaAfterIp?: number;
}

/**
 * Failed logins, counted in the database so every instance agrees. Why this shape: a lock per account
 * lets anyone lock anyone out with a few wrong passwords, and a lock per address locks a whole campus
 * NAT. So only the pair (account, address) backs off, exponentially; failures of the account from
 * anywhere, or from the address for any account, demand a captcha instead — the real owner, at their
 * own address, still gets in with the right password and a solved captcha while others hammer.
 * Checked before the password, so a backed-off pair is no oracle.
 */
export function createLoginThrottle({ repo, settings, now }: { repo: LoginFailuresRepo; settings: LoginThrottleSettings; now: () => Date }) {
  const windowStart = (): Date => new Date(now().getTime() - settings.windowS * 1000);
  const baseS = settings.backoffBaseS ?? 30;
  return {
    async assertAllowed(accountKey: string, ip: string): Promise<void> {
      const { n, last } = await repo.pairStats(accountKey, ip, windowStart());
      if (n < settings.maxFailures || !last) return;
      const waitS = Math.min(baseS * 2 ** (n - settings.maxFailures), settings.windowS);
      const retryS = Math.ceil((last.getTime() + waitS * 1000 - now().getTime()) / 1000);
      if (retryS > 0) throw new AppError(Code.rateLimited, 'too many failed logins, please try again later', { retry_after_s: retryS });
    },

    /** Whether this account (from anywhere) or this address (for anyone) failed often enough that the next login needs a captcha. */
    async captchaRequired(accountKey: string, ip: string): Promise<boolean> {
      const since = windowStart();
      const [forAccount, forIp] = await Promise.all([repo.countForAccount(accountKey, since), repo.countForIp(ip, since)]);
      return forAccount >= (settings.captchaAfter ?? Infinity) || forIp >= (settings.captchaAfterIp ?? Infinity);
    },

    async recordFailure(accountKey: string, ip: string): Promise<void> {
      await repo.record(accountKey, ip, now());
      await repo.pruneBefore(windowStart());
    },

    /** Clears this address's failures for the account only: someone else's failures elsewhere keep demanding a captcha. */
    async recordSuccess(accountKey: string, ip: string): Promise<void> {
      await repo.clearPair(accountKey, ip);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
