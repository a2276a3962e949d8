import { Readable } from 'node:stream';

/**
 * The request body as a stream that fails with `timedOut()` when the client sends no byte for `idleMs`
 * while the console is waiting for one. The clock runs only while the reader wants bytes: it starts at
 * the first read and stops while the reader is full (backpressure from a slow disk or file server is
 * not the client's idleness). Failing or ending this stream never destroys the request itself, so an
 * envelope can still be answered on its socket (plugins/body-timeout.ts then closes the connection).
 * A client that goes away mid-body fails it with ECONNRESET.
 */
export function idleGuardedBody(source: Readable, idleMs: number, timedOut: () => Error): Readable {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let waiting = false; // paused by us: the reader is full
  const disarm = (): void => {
    clearTimeout(timer);
    timer = undefined;
  };
  const arm = (): void => {
    disarm();
    timer = setTimeout(() => guarded.destroy(timedOut()), idleMs);
  };
  const onData = (chunk: Buffer): void => {
    if (guarded.push(chunk)) return arm();
    waiting = true;
    disarm();
    source.pause();
  };
  const onEnd = (): void => {
    disarm();
    guarded.push(null);
  };
  const onError = (err: Error): void => void guarded.destroy(err);
  const onClose = (): void => {
    if (!source.readableEnded) guarded.destroy(Object.assign(new Error('the client closed the connection before the body ended'), { code: 'ECONNRESET' }));
  };
  const detach = (): void => {
    source.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
  };

  const guarded = new Readable({
    read() {
      if (!started) {
        started = true;
        source.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
        arm();
        return;
      }
      if (waiting) {
        waiting = false;
        arm();
        source.resume();
      }
    },
    destroy(err, callback) {
      disarm();
      if (started) {
        detach();
        source.pause();
      }
      callback(err);
    },
  });
  return guarded;
}
