import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Code } from '@starlight/contract/codes';
import { verificationLimits, verificationMessages, type Captcha } from '@starlight/contract/verification';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/secrets';
import type { VerificationRepo } from './verification.repo';

export interface CaptchaDeps {
  repo: VerificationRepo;
  now: () => Date;
  /** TEST ONLY (config honours it only when ENV is test): every captcha shows and expects this text. */
  fixedAnswer: string | null;
}

/** The module itself renders a given text (its typings only declare `create`). */
const renderText = svgCaptcha as unknown as (text: string, options: object) => string;

const answerHash = (id: string, answer: string): string => hashToken(`${id}:${answer.trim().toLowerCase()}`);

/**
 * Human verification: an SVG of distorted letters (glyphs drawn as paths, so no text to scrape),
 * checked on the server, one use — any answer, right or wrong, burns it — and expiring in 2 minutes.
 */
export function createCaptchaService({ repo, now, fixedAnswer }: CaptchaDeps) {
  return {
    async create(): Promise<Captcha> {
      const id = randomUUID();
      const options = { size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, width: 120, height: 40, fontSize: 44 };
      const { text, data } = fixedAnswer
        ? { text: fixedAnswer, data: renderText(fixedAnswer, options) }
        : svgCaptcha.create(options);
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
