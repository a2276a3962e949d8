import { Code } from '@starlight/contract/codes';
import { apiRequest } from '../../../lib/api-client';

/**
 * Spec §7 POST /keystone/cloud/token (timeout 10000; 1500 and 11102 skipped): the server sets the
 * cloud side's cookie. Called after login for a cloud-bound user (status bit 64); failures are not told.
 */
export async function issueCloudToken(): Promise<void> {
  await apiRequest('/keystone/cloud/token', { method: 'POST', timeoutMs: 10_000, skip: [Code.internal, Code.noopAlready] });
}

