import type { RegisterInput } from '@starlight/contract/verification';
import { apiSpec } from '../../../lib/api-client';
import { formCodes } from './send-code';

/** POST /user/register (ours; POST /user/user is the admin create). */
export function register(input: RegisterInput): Promise<{ id: number; user_name: string }> {
  return apiSpec('/user/register', { method: 'POST', body: input, auth: false, skip: formCodes });
}
