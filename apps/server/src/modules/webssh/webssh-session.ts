import { webSshClientFrameSchema, type WebSshCloseReason, type WebSshServerFrame } from '@starlight/contract/cluster-access';
import { AppError } from '../../lib/app-error';
import type { ShellSession, ShellSize } from '../../drivers/shell/ssh-shell';

/** What a session needs of the websocket (the `ws` socket has it; tests may pass their own). */
export interface ShellSocket {
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | string, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface ShellSessionOptions {
  socket: ShellSocket;
  open: (size: ShellSize) => Promise<ShellSession>;
  size: ShellSize;
  account: string;
  host: string;
  idleMs: number;
  maxMs: number;
  idleSeconds: number;
  maxSeconds: number;
  /** Called once when the shell is up. */
  onOpen?: () => void;
  /** Called once at the end (also when the shell never opened), with why and how long it lasted. */
  onClose?: (reason: WebSshCloseReason | 'client', message: string, ms: number) => void;
  now?: () => number;
}

const frame = (f: WebSshServerFrame): string => JSON.stringify(f);

/**
 * Bridges a browser terminal and a login shell: keystrokes and resizes in (JSON text frames), output
 * out (binary frames). Ends on the shell's exit, the browser leaving, no keystroke for the idle time,
 * or the maximum duration, whichever comes first; the browser is told why before the socket closes.
 */
export function runShellSession(o: ShellSessionOptions): Promise<void> {
  const now = o.now ?? Date.now;
  const started = now();
  let shell: ShellSession | null = null;
  let finished = false;
  let socketOpen = true;
  const pending: string[] = [];
  let done!: () => void;
  const settled = new Promise<void>((resolve) => (done = resolve));

  const finish = (reason: WebSshCloseReason | 'client', message: string): void => {
    if (finished) return;
    finished = true;
    clearTimeout(idle);
    clearTimeout(max);
    shell?.close();
    if (socketOpen && reason !== 'client') {
      o.socket.send(frame({ type: 'closed', reason, message }));
      o.socket.close(1000, reason);
    }
    o.onClose?.(reason, message, now() - started);
    done();
  };
  let idle = setTimeout(() => finish('idle', `no input for ${o.idleSeconds} s`), o.idleMs);
  const max = setTimeout(() => finish('max_duration', `the maximum session time (${o.maxSeconds} s) was reached`), o.maxMs);

  o.socket.on('close', () => {
    socketOpen = false;
    finish('client', 'the browser closed the terminal');
  });
  o.socket.on('message', (data, isBinary) => {
    if (finished || isBinary) return;
    let parsed;
    try {
      parsed = webSshClientFrameSchema.safeParse(JSON.parse(data.toString()));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const f = parsed.data;
    if (f.type === 'resize') return shell?.resize({ cols: f.cols, rows: f.rows });
    clearTimeout(idle);
    idle = setTimeout(() => finish('idle', `no input for ${o.idleSeconds} s`), o.idleMs);
    if (shell) shell.write(f.data);
    else pending.push(f.data);
  });

  o.open(o.size).then(
    (opened) => {
      if (finished) return opened.close();
      shell = opened;
      opened.onData((chunk) => {
        if (socketOpen && !finished) o.socket.send(chunk);
      });
      opened.onEnd(() => finish('ended', 'the shell ended'));
      o.socket.send(frame({ type: 'ready', account: o.account, host: o.host, idle_timeout_seconds: o.idleSeconds, max_duration_seconds: o.maxSeconds }));
      o.onOpen?.();
      for (const text of pending.splice(0)) opened.write(text);
    },
    (error: unknown) => finish('error', error instanceof AppError ? error.message : 'the shell could not be opened'),
  );
  return settled;
}
