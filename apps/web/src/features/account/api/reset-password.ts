import { apiSpec } from '../../../lib/api-client';
import { sealPasswords } from '../../../lib/password-encryption';
import { formCodes } from './send-code';

export type ResetPasswordInput =
  | { email: string; verification_code: string; password: string }
  | { telephone: string; verification_code: string; password: string };

/** PATCH /user/user/reset_password_by_email or _by_telephone: every token of the user is revoked. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  const path = 'email' in input ? '/user/user/reset_password_by_email' : '/user/user/reset_password_by_telephone';
  await apiSpec(path, { method: 'PATCH', body: await sealPasswords(input), auth: false, skip: formCodes });
}
