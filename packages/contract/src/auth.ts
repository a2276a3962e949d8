import { z } from 'zod';

/**
 * Login (spec §4, §5, §7). `name` is an e-mail, a phone number or a user name; the form
 * checks its shape, the server looks all three up. Only code 200 with kind 'token' is success.
 */
export const tokenKind = 'token';

export const loginInputSchema = z
  .object({
    name: z.string().trim().min(1, 'email or phone number needed').max(60),
    password: z.string().min(5).max(32),
    /** A solved one-use captcha (POST /keystone/captcha): required after repeated failures (555 with captcha_required). */
    captcha_id: z.string().trim().min(1).max(100).optional(),
    captcha_answer: z.string().trim().min(1).max(20).optional(),
  })
  .strict();
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The spec of a 555 refusal: whether the next try must carry a solved captcha. */
export const loginRefusalSchema = z.object({ captcha_required: z.boolean() });
export type LoginRefusal = z.infer<typeof loginRefusalSchema>;

export const tokenTypeSchema = z.enum(['shortTerm', 'longTerm']);
export type TokenType = z.infer<typeof tokenTypeSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  token_type: tokenTypeSchema,
  expires_at: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Lifetimes (spec §9): 1 day short-term, 30 days long-term. */
export const tokenLifetimeMs: Record<TokenType, number> = {
  shortTerm: 24 * 60 * 60 * 1000,
  longTerm: 30 * 24 * 60 * 60 * 1000,
};

export const tokenHeader = 'Bihu-Token';
export const schedulerTokenHeader = 'Scheduler-Token';
export const timeoutHeader = 'TIMEOUT';
