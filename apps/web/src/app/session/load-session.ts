import { queryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { permissionsQueryOptions } from '../../features/auth/api/get-permissions';
import { selfQueryOptions } from '../../features/auth/api/get-self';

let inFlight: Promise<void> | null = null;

/** Spec §4: after login (or a reload with a token) the user info and the permission list are fetched. */
export function loadSession(): Promise<void> {
  inFlight ??= (async () => {
    const [permissions, user] = await Promise.all([
      queryClient.fetchQuery(permissionsQueryOptions()),
      queryClient.fetchQuery(selfQueryOptions()).catch(() => null),
    ]);
    const store = useSessionStore.getState();
    if (user) store.setUser(user);
    store.setPermissions(permissions);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
