import type { RegisterInput } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';
import { sealPasswords } from '../../../lib/password-encryption';
import { formCodes } from './send-code';

/** POST /user/register (ours; POST /user/user is the admin create). */
export async function register(input: RegisterInput): Promise<{ id: number; user_name: string }> {
  return apiSpec('/user/register', { method: 'POST', body: await sealPasswords(input), auth: false, skip: formCodes });
}
