import { describe, expect, it } from 'vitest';
import { webSshMaxInput } from '@starlight/contract/cluster-access';
import { connectShell, inputFrames, shellUrl, type ShellState } from '../shell-connection';

/** A WebSocket double the test drives: it records what the page sends and lets the test play the server. */
function fakeSocket() {
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    static OPEN = 1;
    readyState = 0;
    binaryType = 'blob';
    sent: string[] = [];
    closedWith: [number?, string?] | null = null;
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onclose: (() => void) | null = null;
    constructor(public url: string) {
      sockets.push(this);
    }
    send(data: string) {
      this.sent.push(data);
    }
    close(code?: number, reason?: string) {
      this.closedWith = [code, reason];
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    text(frame: unknown) {
      this.onmessage?.({ data: JSON.stringify(frame) });
    }
    bytes(text: string) {
      this.onmessage?.({ data: new TextEncoder().encode(text).buffer });
    }
    drop() {
      this.readyState = 3;
      this.onclose?.();
    }
  }
  return { Impl: FakeSocket as unknown as typeof WebSocket, sockets };
}

function session() {
  const { Impl, sockets } = fakeSocket();
  const states: ShellState[] = [];
  let output = '';
  const connection = connectShell({ url: 'ws://x/s', WebSocketImpl: Impl, onState: (s) => states.push(s), onOutput: (b) => (output += new TextDecoder().decode(b)) });
  return { connection, socket: sockets[0]!, states, output: () => output };
}

describe('the shell socket', () => {
  it('opens ws: or wss: on the page host with the partition, size and token', () => {
    const url = new URL(shellUrl({ cluster: 'dev', partition: 'debug', cols: 120, rows: 40 }, 'tok en', { protocol: 'https:', host: 'console.example.org' }));
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://console.example.org/api/kcluster/partition_webssh/shell');
    expect(Object.fromEntries(url.searchParams)).toEqual({ cluster: 'dev', partition: 'debug', cols: '120', rows: '40', token: 'tok en' });
  });

  it('splits a paste into frames under the size limit', () => {
    const frames = inputFrames('x'.repeat(webSshMaxInput * 2 + 5));
    expect(frames.map((f) => (f.type === 'input' ? f.data.length : 0))).toEqual([webSshMaxInput, webSshMaxInput, 5]);
  });

  it('writes output bytes, sends keystrokes and sizes once the shell is ready', () => {
    const s = session();
    s.socket.open();
    s.socket.text({ type: 'ready', account: 'sl_alice_lab', host: 'login01', idle_timeout_seconds: 900, max_duration_seconds: 14400 });
    expect(s.states.at(-1)).toEqual({ kind: 'open', account: 'sl_alice_lab', host: 'login01', idleSeconds: 900, maxSeconds: 14400 });
    s.socket.bytes('sl_alice_lab\r\n');
    expect(s.output()).toBe('sl_alice_lab\r\n');
    s.connection.input('id -un\r');
    s.connection.resize(2000, 2);
    expect(s.socket.sent.map((f) => JSON.parse(f))).toEqual([
      { type: 'input', data: 'id -un\r' },
      { type: 'resize', cols: 500, rows: 5 },
    ]);
  });

  it('says why the server closed the session', () => {
    const s = session();
    s.socket.open();
    s.socket.text({ type: 'closed', reason: 'idle', message: 'no input for 900 s' });
    s.socket.drop();
    expect(s.states.at(-1)).toEqual({ kind: 'closed', reason: 'idle', message: 'no input for 900 s' });
  });

  it('tells a refusal (never opened) from a lost connection', () => {
    const refused = session();
    refused.socket.drop();
    expect(refused.states.at(-1)).toEqual({ kind: 'refused' });
    const lost = session();
    lost.socket.open();
    lost.socket.drop();
    expect(lost.states.at(-1)).toEqual({ kind: 'interrupted' });
  });

  it('sends nothing before the socket is open', () => {
    const s = session();
    s.connection.input('early');
    expect(s.socket.sent).toEqual([]);
  });
});
