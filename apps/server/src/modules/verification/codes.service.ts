import { randomInt } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import { verificationLimits, verificationMessages, type CodeSent } from '@starlight/contract/verification';
import type { MailDriver } from '../../drivers/mail/interface';
import type { SmsDriver } from '../../drivers/sms/interface';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/secrets';
import type { CodeChannel, CodePurpose, CodeRow, VerificationRepo } from './verification.repo';

export interface CodeLimits {
  maxCodesPerAddress: number;
  maxCodesPerIp: number;
}

export interface CodesDeps {
  repo: VerificationRepo;
  mail: MailDriver;
  sms: SmsDriver;
  limits: CodeLimits;
  now: () => Date;
  log: (error: unknown, context: string) => void;
}

export interface CodeTarget {
  purpose: CodePurpose;
  channel: CodeChannel;
  address: string;
}

export interface IssueOptions {
  ip: string;
  captchaId?: string | null;
  /** False: store and count the code but send nothing (an address with no account: same answer, nothing leaks). */
  deliver: boolean;
  /** Send after answering, so the answer takes as long whether or not anything is sent. */
  background?: boolean;
}

const hourMs = 3600 * 1000;
const codeHash = (t: CodeTarget, code: string): string => hashToken(`${t.purpose}:${t.channel}:${t.address}:${code}`);

const purposeText: Record<CodePurpose, string> = {
  register: '注册 / registration',
  reset: '重置密码 / password reset',
  modify_email: '修改邮箱 / e-mail change',
  modify_telephone: '修改手机号 / phone change',
};

function messageText(purpose: CodePurpose, code: string): string {
  const minutes = verificationLimits.codeTtlS / 60;
  return `【星光 Starlight】${purposeText[purpose]}: ${code}. 验证码${minutes}分钟内有效，请勿告诉他人。The code is valid for ${minutes} minutes; do not share it.`;
}

/**
 * One-time codes: 6 digits, 10 minutes, single use, 5 wrong tries, rate-limited per address and per
 * client IP. The limits are counted from the codes table, so they hold across instances.
 */
export function createCodesService({ repo, mail, sms, limits, now, log }: CodesDeps) {
  const refuse = (info: string, retryAfterS: number) => new AppError(Code.rateLimited, info, { retry_after_s: retryAfterS });

  /** One code per purpose and address a minute; all purposes together count toward the hourly limits. */
  async function assertAllowed({ address, purpose }: CodeTarget, ip: string, at: Date): Promise<void> {
    const latest = await repo.latestCodeFor(address, purpose);
    const sinceLatestS = latest ? (at.getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
    if (sinceLatestS < verificationLimits.resendAfterS) {
      const wait = Math.ceil(verificationLimits.resendAfterS - sinceLatestS);
      throw refuse(`a code was sent moments ago, retry in ${wait} s`, wait);
    }
    const since = new Date(at.getTime() - hourMs);
    const [forAddress, forIp] = await Promise.all([repo.countCodesForAddress(address, since), repo.countCodesForIp(ip, since)]);
    if (forAddress >= limits.maxCodesPerAddress || forIp >= limits.maxCodesPerIp)
      throw refuse('too many verification codes requested, please try again later', 3600);
  }

  async function deliver(target: CodeTarget, code: string): Promise<void> {
    const text = messageText(target.purpose, code);
    if (target.channel === 'email') await mail.send({ to: target.address, subject: `星光 Starlight verification code ${code}`, text, secret: code });
    else await sms.send({ to: target.address, text, secret: code });
  }

  const codeWrong = () => new AppError(Code.invalidInput, verificationMessages.codeWrong, {
    fields: [{ path: 'body.verification_code', message: verificationMessages.codeWrong }],
  });

  /** The live code matching `code`, counting a wrong try; throws 1400 otherwise. */
  async function match(target: CodeTarget, code: string): Promise<CodeRow> {
    const live = await repo.liveCode(target.purpose, target.channel, target.address, now());
    if (!live || live.attempts >= verificationLimits.codeMaxAttempts) throw codeWrong();
    if (live.codeHash !== codeHash(target, code.trim())) {
      await repo.countAttempt(live.id);
      throw codeWrong();
    }
    return live;
  }

  return {
    async issue(target: CodeTarget, options: IssueOptions): Promise<CodeSent> {
      const at = now();
      await assertAllowed(target, options.ip, at);
      const code = String(randomInt(0, 10 ** verificationLimits.codeLength)).padStart(verificationLimits.codeLength, '0');
      await repo.insertCode({
        ...target,
        codeHash: codeHash(target, code),
        captchaId: options.captchaId ?? null,
        ip: options.ip,
        createdAt: at,
        expiresAt: new Date(at.getTime() + verificationLimits.codeTtlS * 1000),
      });
      if (options.deliver) {
        const sending = deliver(target, code);
        if (options.background) sending.catch((error: unknown) => log(error, `sending a ${target.purpose} code failed`));
        else
          await sending.catch((error: unknown) => {
            log(error, `sending a ${target.purpose} code failed`);
            throw new AppError(Code.upstreamDown, 'the verification code could not be sent, please try again later');
          });
      }
      return { resend_after_s: verificationLimits.resendAfterS, expires_in_s: verificationLimits.codeTtlS };
    },

    /** Checks without using the code up (a wrong try still counts). */
    async check(target: CodeTarget, code: string): Promise<void> {
      await match(target, code);
    },

    /** Checks and uses the code up; answers the code's row (its captcha id). */
    async consume(target: CodeTarget, code: string): Promise<CodeRow> {
      const live = await match(target, code);
      if (!(await repo.markCodeUsed(live.id, now()))) throw codeWrong();
      return live;
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
