import { webSshMaxInput, webSshServerFrameSchema, type WebSshClientFrame, type WebSshCloseReason } from '@starlight/contract/cluster-access';
import { env } from '../../lib/env';

/** The shell socket under the API base (ours: the spec names only the settings calls). */
export const shellSocketPath = '/kcluster/partition_webssh/shell';

export interface ShellTarget {
  cluster: string;
  partition: string;
  cols: number;
  rows: number;
}

/** ws: or wss: after the page's scheme, same host (the server checks the Origin), token as `?token=`. */
export function shellUrl(target: ShellTarget, token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ cluster: target.cluster, partition: target.partition, cols: String(target.cols), rows: String(target.rows), token });
  return `${scheme}//${location.host}${env.apiBase}${shellSocketPath}?${query.toString()}`;
}

/** Keystrokes (and pastes) as input frames of at most webSshMaxInput characters, under the socket's frame limit. */
export function inputFrames(data: string): WebSshClientFrame[] {
  const frames: WebSshClientFrame[] = [];
  for (let i = 0; i < data.length; i += webSshMaxInput) frames.push({ type: 'input', data: data.slice(i, i + webSshMaxInput) });
  return frames;
}

export type ShellState =
  | { kind: 'connecting' }
  | { kind: 'open'; account: string; host: string; idleSeconds: number; maxSeconds: number }
  /** The server said why (idle, maximum duration, the shell ended, an error). */
  | { kind: 'closed'; reason: WebSshCloseReason; message: string }
  /** Refused before opening (no permission, no such shell, network policy) or the connection dropped. */
  | { kind: 'refused' }
  | { kind: 'interrupted' };

export interface ShellConnectionOptions {
  url: string;
  onOutput: (bytes: Uint8Array) => void;
  onState: (state: ShellState) => void;
  WebSocketImpl?: typeof WebSocket;
}

/** One terminal session over the socket: output bytes out, keystrokes and sizes in, and how it ended. */
export function connectShell({ url, onOutput, onState, WebSocketImpl = WebSocket }: ShellConnectionOptions) {
  let state: ShellState = { kind: 'connecting' };
  let opened = false;
  const set = (next: ShellState) => {
    state = next;
    onState(next);
  };
  const ws = new WebSocketImpl(url);
  ws.binaryType = 'arraybuffer';
  ws.onopen = () => {
    opened = true;
  };
  ws.onmessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return onOutput(new Uint8Array(event.data as ArrayBuffer));
    let frame;
    try {
      frame = webSshServerFrameSchema.safeParse(JSON.parse(event.data));
    } catch {
      return;
    }
    if (!frame.success) return;
    const f = frame.data;
    if (f.type === 'ready') set({ kind: 'open', account: f.account, host: f.host, idleSeconds: f.idle_timeout_seconds, maxSeconds: f.max_duration_seconds });
    else set({ kind: 'closed', reason: f.reason, message: f.message });
  };
  ws.onclose = () => {
    if (state.kind === 'closed') return;
    set(opened ? { kind: 'interrupted' } : { kind: 'refused' });
  };
  const send = (frame: WebSshClientFrame) => {
    if (ws.readyState === WebSocketImpl.OPEN) ws.send(JSON.stringify(frame));
  };
  return {
    input: (data: string) => inputFrames(data).forEach(send),
    resize: (cols: number, rows: number) => send({ type: 'resize', cols: Math.max(10, Math.min(500, cols)), rows: Math.max(5, Math.min(300, rows)) }),
    close: () => ws.close(1000, 'closed by the user'),
    state: () => state,
  };
}

export type ShellConnection = ReturnType<typeof connectShell>;
