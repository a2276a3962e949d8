import type { Duplex } from 'node:stream';

/*
 * The console's API serves no session app any more: `/session/<id>/proxy/…` lives on the session origin
 * (`session-origin.ts`), a listener of its own. What both sides share is kept here: the open websocket
 * bridges per session (closed when the session is ended) and the throttled activity marks.
 */
export function createProxyConnections(touch: (ids: string[]) => Promise<void>, log: (error: unknown, context: string) => void, markEveryMs = 30_000) {
  const open = new Map<string, Set<Duplex>>();
  const marked = new Map<string, number>();
  return {
    add(id: string, socket: Duplex) {
      const set = open.get(id) ?? new Set<Duplex>();
      set.add(socket);
      open.set(id, set);
      socket.on('close', () => set.delete(socket));
    },
    closeAll(id: string) {
      for (const socket of open.get(id) ?? []) socket.destroy();
      open.delete(id);
    },
    /**
     * What the browser sends to a desktop (its viewer's input) is that session's activity; written at most
     * every `markEveryMs` per session. Jupyter's activity is asked of Jupyter (`sessions.service.ts`).
     */
    active(id: string) {
      const now = Date.now();
      if (now - (marked.get(id) ?? 0) < markEveryMs) return;
      marked.set(id, now);
      touch([id]).catch((error: unknown) => log(error, `marking session ${id} active`));
    },
  };
}
export type ProxyConnections = ReturnType<typeof createProxyConnections>;
