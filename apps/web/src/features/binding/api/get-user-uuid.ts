import { userUuidSchema, type UserUuid } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';

/** GET /user/user_uuid: a fresh single-use uuid for the binding handshake (spec §4). */
export async function getUserUuid(): Promise<UserUuid> {
  return userUuidSchema.parse(await apiSpec('/user/user_uuid'));
}
