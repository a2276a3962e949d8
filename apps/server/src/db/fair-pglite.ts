import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite whose statements wait their turn in the event loop, first come first served, a bounded amount of
 * work per loop turn.
 *
 * Why: libuv accepts one new connection per event-loop turn (libuv#3696), and PGlite runs each statement
 * synchronously, handing its mutexes on through promise resolutions. Under load every waiting request's
 * statements ran back to back within a single turn, so one turn lasted as long as the whole backlog
 * (seconds at 200 keep-alive connections) and a connection in the kernel's accept queue waited one such
 * turn per connection ahead of it: a few requests of a 200-connection load waited 10–60 s while the rest
 * were served in milliseconds (issue 9, item 3; `bench/tail-latency.mjs`, `ss -ltn` showed ~100 connections
 * in the listen queue for the whole run).
 *
 * How: each statement (outside a transaction, whose statements hold the transaction lock anyway) queues a
 * waiter and one loop slot (`setImmediate`). A slot releases the waiter at the head of the queue — so the
 * order is exactly arrival order — unless this turn has already run `turnBudgetMs` of statements; then the
 * slot moves to the next turn, and the loop gets to its poll phase (accept, read, write) in between.
 */
export class FairPGlite extends PGlite {
  override async query<T>(...args: Parameters<PGlite['query']>): Promise<Awaited<ReturnType<PGlite['query']>> & { rows: T[] }> {
    await turn();
    return (await super.query<T>(...args)) as Awaited<ReturnType<PGlite['query']>> & { rows: T[] };
  }

  override async exec(...args: Parameters<PGlite['exec']>): ReturnType<PGlite['exec']> {
    await turn();
    return super.exec(...args);
  }

  override async transaction<T>(callback: Parameters<PGlite['transaction']>[0]): Promise<T> {
    await turn();
    return (await super.transaction(callback)) as T;
  }
}

/** Statement time one loop turn may spend before the rest waits for the next turn. */
export const turnBudgetMs = 8;

const waiters: Array<() => void> = [];
let turnStart = -1;

function turn(): Promise<void> {
  return new Promise((resolve) => {
    waiters.push(resolve);
    setImmediate(slot);
  });
}

function slot(): void {
  const now = performance.now();
  if (turnStart < 0) {
    turnStart = now;
    // runs at the start of the next turn's check phase, before any slot moved there below
    setImmediate(() => (turnStart = -1));
  } else if (now - turnStart >= turnBudgetMs) {
    setImmediate(slot);
    return;
  }
  // the released statement runs in the microtasks right after this callback, before the next slot
  waiters.shift()?.();
}
