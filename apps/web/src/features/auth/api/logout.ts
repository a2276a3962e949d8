import { hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import { Code } from '@starlight/contract/codes';
import { apiRequest } from '../../../lib/api-client';
import { clearSession, useSessionStore } from '../../../lib/session-store';
import { isInformed } from '../../../lib/token-storage';

/**
 * Spec §4 logout: with a token, not informed and status bit 64 set, the cloud cookie is deleted
 * (errors ignored); the token is revoked; then every piece of local session state is cleared.
 */
export async function logout(): Promise<void> {
  const { token, user } = useSessionStore.getState();
  if (token) {
    if (!isInformed() && user && hasStatusBit(user.status, StatusBit.cloudBound)) {
      await apiRequest('/keystone/cloud/cookie', { method: 'DELETE', skip: [Code.tokenInvalid], silent: true }).catch(() => undefined);
    }
    await apiRequest('/keystone/logout', { method: 'POST', silent: true }).catch(() => undefined);
  }
  clearSession();
}
