import { bindClientTexts, bindReplies, isBindFailure } from '@starlight/contract/hpc';
import { env } from '../../../lib/env';

/** The socket path under the API base (ours: the spec names no path). */
export const bindStatusPath = '/user/bind_status';

/** ws: or wss: after the page's own scheme, same host, token as `?token=` (browsers cannot set headers on a websocket). */
export function bindStatusUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${env.apiBase}${bindStatusPath}?token=${encodeURIComponent(token)}`;
}

/**
 * How a handshake ended (spec §8): the server's reply (bound or refused), or no reply at all
 * because the socket never opened (connectFailed) or closed before answering (interrupted).
 */
export type BindOutcome =
  | { kind: 'bound'; text: string }
  | { kind: 'refused'; text: string; reason: 'uuidExists' | 'usernameRequired' }
  | { kind: 'connectFailed'; text: string }
  | { kind: 'interrupted'; text: string };

export function readBindReply(reply: string): BindOutcome {
  if (!isBindFailure(reply)) return { kind: 'bound', text: reply };
  const reason = reply.includes(bindReplies.uuidExists) ? 'uuidExists' : 'usernameRequired';
  return { kind: 'refused', text: reply, reason };
}

export interface BindHandshake {
  name: string;
  uuid: string;
  token: string;
  /** Injected by tests; the browser's WebSocket otherwise. */
  WebSocketImpl?: typeof WebSocket;
  url?: string;
}

/** Opens the socket, sends `name:uuid`, resolves with the first reply or with why none came. */
export function runBindHandshake({ name, uuid, token, WebSocketImpl = WebSocket, url = bindStatusUrl(token) }: BindHandshake): Promise<BindOutcome> {
  return new Promise((resolve) => {
    let opened = false;
    let settled = false;
    const finish = (outcome: BindOutcome, socket?: WebSocket) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      if (socket && socket.readyState <= 1) socket.close(1000, 'done');
    };
    let socket: WebSocket;
    try {
      socket = new WebSocketImpl(url);
    } catch {
      finish({ kind: 'connectFailed', text: bindClientTexts.connectFailed });
      return;
    }
    socket.onopen = () => {
      opened = true;
      socket.send(`${name}:${uuid}`);
    };
    socket.onmessage = (event: MessageEvent) => finish(readBindReply(String(event.data)), socket);
    // An error is followed by close; the close decides which text, by whether the socket ever opened.
    socket.onerror = () => undefined;
    socket.onclose = () =>
      finish(opened ? { kind: 'interrupted', text: bindClientTexts.interrupted } : { kind: 'connectFailed', text: bindClientTexts.connectFailed });
  });
}
