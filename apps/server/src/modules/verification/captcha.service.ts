import { randomUUID } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import { verificationLimits, verificationMessages, type Captcha } from '@starlight/contract/verification';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/secrets';
import { captchaText, renderCaptcha } from './captcha-image';
import type { VerificationRepo } from './verification.repo';

export interface CaptchaDeps {
  repo: VerificationRepo;
  now: () => Date;
  /** TEST ONLY (config honours it only when ENV is test): every captcha shows and expects this text. */
  fixedAnswer: string | null;
}

const answerHash = (id: string, answer: string): string => hashToken(`${id}:${answer.trim().toLowerCase()}`);

/**
 * Human verification: an SVG of six distorted glyphs among noise (captcha-image.ts: paths, no text to scrape),
 * checked on the server, one use — any answer, right or wrong, burns it — and expiring in 2 minutes.
 */
export function createCaptchaService({ repo, now, fixedAnswer }: CaptchaDeps) {
  return {
    async create(): Promise<Captcha> {
      const id = randomUUID();
      const text = fixedAnswer ?? captchaText();
      const data = renderCaptcha(text);
      const at = now();
      await repo.pruneCaptchas(at);
      await repo.insertCaptcha(id, answerHash(id, text), new Date(at.getTime() + verificationLimits.captchaTtlS * 1000));
      return { id, svg: data };
    },

    /** Passes or throws 1400; either way the captcha cannot be used again. */
    async verify(id: string, answer: string): Promise<void> {
      const stored = await repo.takeCaptcha(id, now());
      if (!stored || stored !== answerHash(id, answer))
        throw new AppError(Code.invalidInput, verificationMessages.captchaWrong, {
          fields: [{ path: 'body.captcha_answer', message: verificationMessages.captchaWrong }],
        });
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
