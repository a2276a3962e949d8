import { Code } from '@starlight/contract/codes';
import { apiRequest } from '../../../lib/api-client';
import { refreshSelf } from './account';

/** Spec §7 POST /user/bind_cloud (1500 skipped): marks the account cloud-bound (status bit 64). */
export async function bindCloudAccount(): Promise<void> {
  await apiRequest('/user/bind_cloud', { method: 'POST', skip: [Code.internal] });
  await refreshSelf();
}
