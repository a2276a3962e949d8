import { create } from 'zustand';
import type { UserInfo } from '@starlight/contract/users';
import { readToken, removeThirdRoutes, removeToken, setInformed, writeToken, type WriteTokenOptions } from './token-storage';

interface SessionState {
  token: string | null;
  /** null until fetched; [''] when the fetch failed (spec §4). */
  permissions: string[] | null;
  user: UserInfo | null;
  signIn: (token: string, options?: WriteTokenOptions) => void;
  setPermissions: (permissions: string[]) => void;
  setUser: (user: UserInfo) => void;
}

export type SessionEvent = 'signedIn' | 'cleared';
type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

/**
 * State that lives elsewhere and must follow the session registers here: the query cache
 * (lib/query-client) and the visited views (app/). Keeps this store free of both.
 */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const emit = (event: SessionEvent) => {
  for (const listener of listeners) listener(event);
};

export const useSessionStore = create<SessionState>()((set) => ({
  token: readToken(),
  permissions: null,
  user: null,
  signIn: (token, options) => {
    // Spec §4: a successful login clears the informed flag and stores the token.
    setInformed(false);
    writeToken(token, options);
    set({ token, permissions: null, user: null });
    emit('signedIn');
  },
  setPermissions: (permissions) => set({ permissions }),
  setUser: (user) => set({ user }),
}));

/**
 * Spec §4 logout, the local half: token, permissions, third routes and user state cleared,
 * stored cookies and tokens removed, all tabs (visited views) and the query cache cleared.
 */
export function clearSession(): void {
  removeToken();
  removeThirdRoutes();
  useSessionStore.setState({ token: null, permissions: null, user: null });
  emit('cleared');
}
