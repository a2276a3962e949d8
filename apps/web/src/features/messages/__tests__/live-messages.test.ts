import { describe, expect, it } from 'vitest';
import { readMessageEvents } from '../api/live-messages';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('server-sent message events', () => {
  it('counts each message event once, across chunk boundaries, ignoring comments', async () => {
    let seen = 0;
    await readMessageEvents(streamOf([': uuid\n\n', 'event: mess', 'age\nid: 3\ndata: {"id":3}\n', '\n: ping\n\nevent: message\nid: 4\ndata: {}\n\n']), () => seen++);
    expect(seen).toBe(2);
  });
});
