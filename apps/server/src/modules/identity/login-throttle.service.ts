import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import type { LoginFailuresRepo } from './login-failures.repo';

export interface LoginThrottleSettings {
  maxFailures: number;
  maxIpFailures: number;
  windowS: number;
  /** Failures (per account / per address) after which a login must carry a solved captcha; unset: never. */
  captchaAfter?: number;
  captchaAfterIp?: number;
}

/**
 * Failed logins per account and per client address within a sliding window, counted in the
 * database so every instance agrees. Checked before the password, so a locked account is no oracle.
 */
export function createLoginThrottle({ repo, settings, now }: { repo: LoginFailuresRepo; settings: LoginThrottleSettings; now: () => Date }) {
  const windowStart = (): Date => new Date(now().getTime() - settings.windowS * 1000);
  return {
    async assertAllowed(accountKey: string, ip: string): Promise<void> {
      const since = windowStart();
      const [forAccount, forIp] = await Promise.all([repo.countForAccount(accountKey, since), repo.countForIp(ip, since)]);
      if (forAccount >= settings.maxFailures || forIp >= settings.maxIpFailures)
        throw new AppError(Code.rateLimited, 'too many failed logins, please try again later', {
          retry_after_s: settings.windowS,
        });
    },

    /** Whether this account or address has failed often enough that the next login needs a captcha. */
    async captchaRequired(accountKey: string, ip: string): Promise<boolean> {
      const since = windowStart();
      const [forAccount, forIp] = await Promise.all([repo.countForAccount(accountKey, since), repo.countForIp(ip, since)]);
      return forAccount >= (settings.captchaAfter ?? Infinity) || forIp >= (settings.captchaAfterIp ?? Infinity);
    },

    async recordFailure(accountKey: string, ip: string): Promise<void> {
      await repo.record(accountKey, ip, now());
      await repo.pruneBefore(windowStart());
    },

    async recordSuccess(accountKey: string): Promise<void> {
      await repo.clearAccount(accountKey);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
