import { Code } from '@starlight/contract/codes';
import type { CodeSent, RegisterCodeInput } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';

/** Answered in the form, not by a toast: bad captcha or contact (1400), registered (1409), too soon (1429). */
export const formCodes = [Code.invalidInput, Code.conflict, Code.rateLimited] as const;

/** POST /user/user_verify/get_verification_code: a register code behind a solved captcha. */
export function sendRegisterCode(input: RegisterCodeInput): Promise<CodeSent> {
  return apiSpec<CodeSent>('/user/user_verify/get_verification_code', { method: 'POST', body: input, auth: false, skip: formCodes });
}

/** POST /user/user_verify/email_reset_code or telephone_reset_code: the same answer whether or not the account exists. */
export function sendResetCode(contact: { email: string } | { telephone: string }): Promise<CodeSent> {
  const path = 'email' in contact ? '/user/user_verify/email_reset_code' : '/user/user_verify/telephone_reset_code';
  return apiSpec<CodeSent>(path, { method: 'POST', body: contact, auth: false, skip: formCodes });
}
