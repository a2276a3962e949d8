import { apiSpec } from '../../../lib/api-client';
import { sealPasswords } from '../../../lib/password-encryption';
import { formCodes } from './send-code';

/** PATCH /user/user/reset_password_by_login: the user's other tokens are revoked, this one kept. */
export async function changePassword(input: { old_password: string; password: string }): Promise<void> {
  await apiSpec('/user/user/reset_password_by_login', { method: 'PATCH', body: await sealPasswords(input), skip: formCodes });
}
