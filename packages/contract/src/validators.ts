import { z } from 'zod';

/**
 * Spec §5 validation rules. One schema serves the server (request validation) and the antd form
 * (run the whole schema on the form values, show each issue under `issue.path`), so form schemas
 * keep every field non-aborting: an empty field reads as '' (prefault) and cross-field checks in
 * `superRefine` still run, putting all problems on their fields at once.
 */

/** English texts, except where the spec quotes a string (kept verbatim). The web maps them to i18n keys. */
export const validationMessages = {
  nameFormat: '4 to 32 lowercase letters, digits, hyphens or underscores, starting and ending with a letter or digit',
  emailFormat: 'Please enter a valid email',
  emailLength: 'The email must be 5 to 60 characters',
  mobileLength: 'The phone number must be 11 digits',
  mobileFormat: 'Please enter a valid phone number',
  passwordRequired: 'Please enter the password',
  passwordLength: 'The password must be 8 to 20 characters',
  passwordDigit: 'The password needs a digit',
  passwordLowercase: 'The password needs a lowercase letter',
  passwordUppercase: 'The password needs an uppercase letter',
  loginPasswordLength: 'The password must be 5 to 32 characters',
  resourceNameFormat: 'A lowercase letter, then 1 to 30 lowercase letters, digits or hyphens, ending with a letter or digit',
  urlFormat: 'Please enter a valid URL',
  emailOrPhoneRequired: 'email or phone number needed',
  usernameRequired: 'Please enter the username',
  usernameLength: 'The username must be 5 to 27 characters',
  usernameFormat: 'Lowercase letters, digits, hyphens or underscores, starting and ending with a letter or digit, not only digits',
  usernameReserved: 'This name is reserved',
  codeRequired: 'Please enter the verification code',
  passwordConfirmRequired: 'Please enter the password again',
  passwordMismatch: 'Inconsistent password entered twice',
  agreementRequired: 'Please read and accept the agreement',
  captchaRequired: 'Please complete the human verification',
  emailRegistered: 'The email has been registered',
  systemAccountRequired: 'Please enter the system account name',
  systemAccountNotEmail: 'The system account name must not be an email',
  systemAccountNotPhone: 'The system account name must not be a phone number',
  systemAccountFormat: 'Three parts joined by underscores, e.g. abc_def_ghi',
  switchUserRequired: '用户名不能为空',
  controlChars: 'Control characters (such as NUL) are not allowed',
} as const;
const m = validationMessages;

/** Limits the schemas enforce: the English texts of spec §5. */
export const formLimits = {
  emailMin: 5,
  emailMax: 60,
  usernameMin: 5,
  usernameMax: 27,
  loginPasswordMin: 5,
  loginPasswordMax: 32,
  passwordMin: 8,
  passwordMax: 20,
} as const;

/** What the Chinese texts say instead (spec §5): shown by the zh locale if wanted, never enforced. */
export const zhTextLoginUsernameMax = 32;
export const zhTextLoginPasswordMin = 8;
export const zhTextLoginPasswordMax = 20;

export const nameRegex = /^[a-z0-9][a-z0-9_-]{2,30}[a-z0-9]$/;
export const emailRegex = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;
/** 13x, 14x but 142/143, 15x but 154, 162/165/166/167, 17x, 18x, 19x but 194. */
export const mobileRegex = /^1(3\d|4[014-9]|5[0-35-9]|6[2567]|7\d|8\d|9[0-35-9])\d{8}$/;
/**
 * Reading of "lowercase letter first, then 1 to 30 letters, digits or hyphens, ending with a letter or
 * digit": the 1–30 include the last character, so 2 to 31 in all. "letters" is read as lowercase too,
 * because these names end up as cluster object names (DNS-label style), which reject capitals.
 */
export const resourceNameRegex = /^[a-z][a-z0-9-]{0,29}[a-z0-9]$/;
/** A user name must not be all digits, so the login field can tell it from a phone number. */
export const usernameRegex = /^(?!\d+$)[a-z0-9][a-z0-9_-]*[a-z0-9]$/;
/** Three parts of letters, digits or hyphens joined by underscores (abc_def_ghi). */
export const systemAccountRegex = /^[A-Za-z0-9-]+_[A-Za-z0-9-]+_[A-Za-z0-9-]+$/;

export const nameSchema = z.string().regex(nameRegex, m.nameFormat);
export const emailSchema = z.string().regex(emailRegex, m.emailFormat);
export const mobileSchema = z.string().regex(mobileRegex, m.mobileFormat);
export const passwordSchema = z
  .string()
  .min(formLimits.passwordMin, m.passwordLength)
  .max(formLimits.passwordMax, m.passwordLength)
  .regex(/\d/, m.passwordDigit)
  .regex(/[a-z]/, m.passwordLowercase)
  .regex(/[A-Z]/, m.passwordUppercase);
export const resourceNameSchema = z.string().regex(resourceNameRegex, m.resourceNameFormat);
/** Absolute http, https or ftp URLs only: `javascript:` and other schemes are never links here. */
export const urlSchema = z
  .url({ protocol: /^(https?|ftp)$/i, error: m.urlFormat })
  .regex(/^(https?|ftp):\/\//i, m.urlFormat);

export function isUrl(value: unknown): value is string {
  return urlSchema.safeParse(value).success;
}

export function isString(value: unknown): value is string {
  return typeof value === 'string' || value instanceof String;
}

export function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** First problem with an e-mail typed into a form, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (email.length < formLimits.emailMin || email.length > formLimits.emailMax) return m.emailLength;
  return emailRegex.test(email) ? undefined : m.emailFormat;
}

/** First problem with a phone number typed into a form, or undefined. */
export function mobileProblem(telephone: string): string | undefined {
  if (!/^\d{11}$/.test(telephone)) return m.mobileLength;
  return mobileRegex.test(telephone) ? undefined : m.mobileFormat;
}

/** Login name: '@' means e-mail, digits only mean phone, anything else a user name. */
export function loginNameProblem(name: string): string | undefined {
  if (name.includes('@')) return emailProblem(name);
  if (/^\d+$/.test(name)) return mobileProblem(name);
  if (name.length < formLimits.usernameMin || name.length > formLimits.usernameMax) return m.usernameLength;
  return undefined;
}

/**
 * Names no user and no group may take: namespaces the image hub treats specially (`library/…`: everyone
 * pulls, platform admins push). User names and group names share one namespace space (issue 13), so a user
 * named like a group, or a group like a user, is refused where either is created.
 */
export const reservedNamespaces: readonly string[] = ['library'];
export const isReservedNamespace = (name: string): boolean => reservedNamespaces.includes(name.trim().toLowerCase());

/** A new user name (register): 5–27, the Name rule's characters, not digits only, not reserved. */
export function usernameProblem(name: string): string | undefined {
  if (name.length < formLimits.usernameMin || name.length > formLimits.usernameMax) return m.usernameLength;
  if (!usernameRegex.test(name)) return m.usernameFormat;
  return isReservedNamespace(name) ? m.usernameReserved : undefined;
}

export function systemAccountProblem(name: string): string | undefined {
  if (name.includes('@')) return m.systemAccountNotEmail;
  if (mobileRegex.test(name)) return m.systemAccountNotPhone;
  return systemAccountRegex.test(name) ? undefined : m.systemAccountFormat;
}

const requiredText = (message: string) => z.string(message).trim().min(1, message).prefault('');
const requiredSecret = (message: string) => z.string(message).min(1, message).prefault('');
const optionalText = z.string().trim().optional();
/** One message per field: the first problem `check` finds. */
const checkedBy = (check: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

type Ctx = z.RefinementCtx;
const flag = (ctx: Ctx, field: string, message: string | undefined) => {
  if (message) ctx.addIssue({ code: 'custom', path: [field], message });
};

/** Either contact is enough; both empty flags both fields, so whichever tab is shown carries it. */
function checkContact(v: { email?: string | undefined; telephone?: string | undefined }, ctx: Ctx) {
  if (!v.email && !v.telephone) {
    flag(ctx, 'email', m.emailOrPhoneRequired);
    flag(ctx, 'telephone', m.emailOrPhoneRequired);
    return;
  }
  if (v.email) flag(ctx, 'email', emailProblem(v.email));
  if (v.telephone) flag(ctx, 'telephone', mobileProblem(v.telephone));
}

function checkPasswordConfirm(v: { password: string; password_confirm: string }, ctx: Ctx) {
  if (v.password_confirm && v.password_confirm !== v.password) flag(ctx, 'password_confirm', m.passwordMismatch);
}

const loginPasswordSchema = requiredSecret(m.passwordRequired).pipe(
  z.string().min(formLimits.loginPasswordMin, m.loginPasswordLength).max(formLimits.loginPasswordMax, m.loginPasswordLength),
);

/** `name` is an e-mail, a phone number or a user name (spec §5 Login). */
export const loginFormSchema = z.object({
  name: requiredText(m.emailOrPhoneRequired).pipe(checkedBy(loginNameProblem)),
  password: loginPasswordSchema,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Uniqueness of e-mail, phone and user name is the server's check (1409, e.g. 'The email has been registered'). */
export const registerFormSchema = z
  .object({
    email: optionalText,
    telephone: optionalText,
    verification_code: requiredText(m.codeRequired),
    user_name: requiredText(m.usernameRequired).pipe(checkedBy(usernameProblem)),
    password: requiredSecret(m.passwordRequired).pipe(passwordSchema),
    password_confirm: requiredSecret(m.passwordConfirmRequired),
    // A boolean refined to true, not z.literal(true): a failed literal aborts the object's superRefine.
    agreement: z.boolean(m.agreementRequired).prefault(false).refine((ticked) => ticked, m.agreementRequired),
    captcha_token: requiredText(m.captchaRequired),
  })
  .superRefine((v, ctx) => {
    checkContact(v, ctx);
    checkPasswordConfirm(v, ctx);
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Whether the e-mail or phone is registered is the server's check. */
export const forgotPasswordFormSchema = z
  .object({
    email: optionalText,
    telephone: optionalText,
    verification_code: requiredText(m.codeRequired),
    password: loginPasswordSchema,
    password_confirm: requiredSecret(m.passwordConfirmRequired),
  })
  .superRefine((v, ctx) => {
    checkContact(v, ctx);
    checkPasswordConfirm(v, ctx);
  });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const bindAccountSchema = z.object({
  system_account: requiredText(m.systemAccountRequired).pipe(checkedBy(systemAccountProblem)),
});
export type BindAccount = z.infer<typeof bindAccountSchema>;

export const switchAccountSchema = z.object({ user_name: requiredText(m.switchUserRequired) });
export type SwitchAccount = z.infer<typeof switchAccountSchema>;
