import { describe, expect, it } from 'vitest';
import { bindClientTexts } from '@starlight/contract/hpc';
import { bindStatusUrl, readBindReply, runBindHandshake } from '../api/bind-socket';
import { fakeWebSocket } from './fake-websocket';

const handshake = (script: Parameters<typeof fakeWebSocket>[0]) => {
  const fake = fakeWebSocket(script);
  return { fake, outcome: runBindHandshake({ name: 'sl_demo_user', uuid: 'u-1', token: 'tok', WebSocketImpl: fake.WebSocketImpl, url: 'ws://x/api/user/bind_status' }) };
};

describe('the binding socket (spec §8)', () => {
  it('sends name:uuid once the socket opens', async () => {
    const { fake, outcome } = handshake({ reply: 'bound successfully, please log in again' });
    await outcome;
    expect(fake.sent).toEqual(['sl_demo_user:u-1']);
  });

  it('treats any reply without a failure text as success', async () => {
    const { outcome } = handshake({ reply: 'bound successfully, please log in again' });
    expect(await outcome).toEqual({ kind: 'bound', text: 'bound successfully, please log in again' });
  });

  it("shows a reply containing 'uuid already exists' as an error", async () => {
    const { outcome } = handshake({ reply: 'uuid already exists: sl_demo_user is bound to another user' });
    expect(await outcome).toEqual({ kind: 'refused', reason: 'uuidExists', text: 'uuid already exists: sl_demo_user is bound to another user' });
  });

  it("shows a reply containing 'username must be provided' as an error", async () => {
    const { outcome } = handshake({ reply: 'username must be provided' });
    expect(await outcome).toMatchObject({ kind: 'refused', reason: 'usernameRequired' });
  });

  it("says 'failed to connect to server, please refresh manually' when the socket never opens", async () => {
    const { fake, outcome } = handshake({ refuse: true });
    expect(await outcome).toEqual({ kind: 'connectFailed', text: 'failed to connect to server, please refresh manually' });
    expect(fake.sent).toEqual([]);
  });

  it("says 'connection interrupted, please refresh manually' when it closes without a reply", async () => {
    const { outcome } = handshake({ dropAfterOpen: true });
    expect(await outcome).toEqual({ kind: 'interrupted', text: bindClientTexts.interrupted });
  });

  it('says connection failure when the socket cannot even be created', async () => {
    const Throwing = function () {
      throw new SyntaxError('bad url');
    } as unknown as typeof WebSocket;
    expect(await runBindHandshake({ name: 'a_b_c', uuid: 'u', token: 't', WebSocketImpl: Throwing, url: 'nope' })).toMatchObject({ kind: 'connectFailed' });
  });

  it('reads a reply by containment, not equality', () => {
    expect(readBindReply('error: uuid already exists').kind).toBe('refused');
    expect(readBindReply('ok').kind).toBe('bound');
  });

  it('opens ws: on http and wss: on https, same host, token in the query', () => {
    expect(bindStatusUrl('a b', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/user/bind_status?token=a%20b');
    expect(bindStatusUrl('t', { protocol: 'https:', host: 'hpc.example.org' })).toBe('wss://hpc.example.org/api/user/bind_status?token=t');
  });
});
