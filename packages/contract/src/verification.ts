import { z } from 'zod';
import { listSchema, pageQuerySchema } from './envelope';
import { emailSchema, forgotPasswordFormSchema, mobileSchema, passwordSchema, registerFormSchema, validationMessages } from './validators';

/**
 * Captchas, verification codes, registration and password changes (spec §2, §5, §7 "Auth and user").
 * Forms validate with the same schemas the server applies to the request body.
 */

/** Codes are 6 digits, valid 10 minutes, single use, at most 5 wrong tries. Captchas live 2 minutes. */
export const verificationLimits = {
  codeLength: 6,
  codeTtlS: 600,
  codeMaxAttempts: 5,
  captchaTtlS: 120,
  /** A new code for the same address is refused for this long (the form's countdown). */
  resendAfterS: 60,
} as const;

export const verificationMessages = {
  captchaWrong: 'The human verification failed, please try again',
  codeWrong: 'The verification code is incorrect or has expired',
  phoneRegistered: 'The phone number has been registered',
  usernameRegistered: 'The username has been registered',
  emailRegistered: validationMessages.emailRegistered,
  oneContact: 'Give either the email or the phone number, not both',
  codeSent: 'If the account exists, a verification code has been sent',
  oldPasswordWrong: 'The current password is incorrect',
  samePassword: 'The new password must differ from the current one',
} as const;

export const captchaSchema = z.object({ id: z.string(), svg: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

const captchaFields = {
  captcha_id: z.string().trim().min(1, validationMessages.captchaRequired).max(100),
  captcha_answer: z.string().trim().min(1, validationMessages.captchaRequired).max(20),
};

/** POST /user/user_verify/get_verification_code: a register code to an e-mail or a phone, behind a solved captcha. */
export const registerCodeInputSchema = z
  .object({ email: emailSchema.max(60).optional(), telephone: mobileSchema.optional(), ...captchaFields })
  .strict()
  .refine((v) => Boolean(v.email) !== Boolean(v.telephone), { message: verificationMessages.oneContact, path: ['email'] });
export type RegisterCodeInput = z.infer<typeof registerCodeInputSchema>;

/** What a code call answers: where it went (masked never needed: the caller typed it) and when another may be asked for. */
export const codeSentSchema = z.object({ resend_after_s: z.number().int(), expires_in_s: z.number().int() });
export type CodeSent = z.infer<typeof codeSentSchema>;

export const emailResetCodeInputSchema = z.object({ email: emailSchema.max(60) }).strict();
export const telephoneResetCodeInputSchema = z.object({ telephone: mobileSchema }).strict();

/** POST /user/user_verify/verification_email: checks a register or reset code without using it up (counts a try). */
export const checkCodeInputSchema = z
  .object({
    email: emailSchema.max(60).optional(),
    telephone: mobileSchema.optional(),
    purpose: z.enum(['register', 'reset']),
    verification_code: z.string().trim().min(1).max(12),
  })
  .strict()
  .refine((v) => Boolean(v.email) !== Boolean(v.telephone), { message: verificationMessages.oneContact, path: ['email'] });
export type CheckCodeInput = z.infer<typeof checkCodeInputSchema>;

/** POST /user/register (our path): the register form as is; `captcha_token` is the id of the captcha solved for the code. */
export const registerInputSchema = registerFormSchema;
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const registeredSchema = z.object({ id: z.number().int(), user_name: z.string() });

/**
 * Forgot password. Spec §5 gives this form the login rule (5–32) for the password; a new password
 * must still meet the register rule (8–20, digit, lower, upper), or a reset would undo it. The form
 * uses this schema too, so both say the same.
 */
export const resetPasswordFormSchema = forgotPasswordFormSchema.superRefine((v, ctx) => {
  const strong = passwordSchema.safeParse(v.password);
  if (v.password && !strong.success)
    for (const issue of strong.error.issues.slice(0, 1)) ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
});
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetByEmailInputSchema = z.object({
  email: emailSchema.max(60),
  verification_code: z.string().trim().min(1).max(12),
  password: passwordSchema,
});
export const resetByTelephoneInputSchema = z.object({
  telephone: mobileSchema,
  verification_code: z.string().trim().min(1).max(12),
  password: passwordSchema,
});

/** PATCH /user/user/reset_password_by_login (change while logged in; the form adds the re-entry). */
export const changePasswordFormSchema = z
  .object({
    old_password: z.string().min(1, validationMessages.passwordRequired).max(128).prefault(''),
    password: z.string().min(1, validationMessages.passwordRequired).prefault('').pipe(passwordSchema),
    password_confirm: z.string().min(1, validationMessages.passwordConfirmRequired).prefault(''),
  })
  .superRefine((v, ctx) => {
    if (v.password_confirm && v.password_confirm !== v.password)
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: validationMessages.passwordMismatch });
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
export const changePasswordInputSchema = z.object({ old_password: z.string().min(1).max(128), password: passwordSchema });

/** GET /user/user_verify/password_check?password=… */
export const passwordCheckQuerySchema = z.object({ password: z.string().min(1).max(128) });
export const passwordCheckSchema = z.object({ valid: z.boolean() });

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  address: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The message's code or initial password is hidden: the reader may not act on that account. */
  masked: z.boolean(),
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxQuerySchema = pageQuerySchema.extend({
  field_eq_address: z.string().trim().min(1).max(60).optional(),
  field_eq_channel: z.enum(['email', 'sms']).optional(),
});
export const outboxListSchema = listSchema(outboxEntrySchema);

/**
 * GET /user/user_verify/delivery (public): how codes travel. `outbox` means nobody receives them directly:
 * they wait in the administrators' outbox, and the registration form says so.
 */
export const deliverySchema = z.object({ email: z.enum(['smtp', 'outbox']), sms: z.enum(['provider', 'outbox']) });
export type Delivery = z.infer<typeof deliverySchema>;
