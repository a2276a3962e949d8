import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tokenHeader } from '@starlight/contract/auth';
import { env } from '../../../lib/env';
import { useSessionStore } from '../../../lib/session-store';

const retryMs = [1_000, 5_000, 15_000, 60_000];

/** Reads `event: message` blocks from a server-sent event stream; calls `onMessage` for each. */
export async function readMessageEvents(body: ReadableStream<Uint8Array>, onMessage: () => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.split('\n').includes('event: message')) onMessage();
    }
  }
}

/**
 * While signed in, listens on GET /message/stream (server-sent events, read with fetch so the token
 * stays in a header) and refreshes the message lists when one arrives, so the bell's badge and the
 * dropdown follow without a reload. Reconnects with backoff; the bell's 60 s poll remains the fallback.
 */
export function useLiveMessages(): void {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    let attempt = 0;
    let connected = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['messages'] });
    const connect = async () => {
      try {
        const response = await fetch(`${env.apiBase}/message/stream`, { headers: { [tokenHeader]: token }, signal: abort.signal, credentials: 'same-origin' });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        attempt = 0;
        if (connected) refresh(); // a reconnect: anything sent while the stream was down
        connected = true;
        await readMessageEvents(response.body, refresh);
      } catch {
        // dropped or refused: try again below unless signed out or unmounted
      }
      if (abort.signal.aborted) return;
      timer = setTimeout(() => void connect(), retryMs[Math.min(attempt++, retryMs.length - 1)]);
    };
    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [token, queryClient]);
}
