/**
 * Turns of the event loop, first come first served, with a bounded amount of work per turn.
 *
 * Why: libuv accepts one new connection per event-loop turn (libuv#3696). When one turn runs everything
 * that is ready — every waiting request, every PGlite statement — a turn lasts as long as the backlog, and a
 * connection in the kernel's accept queue waits one such turn per connection ahead of it: under 200
 * keep-alive connections a newcomer was accepted only after the load ended (10–80 s; issue 9 item 3,
 * `bench/tail-latency.mjs`). Work that takes a turn here runs at most `turnBudgetMs` per turn; the rest
 * waits for the next one, and the loop gets to its poll phase (accept, read, write) in between.
 *
 * How: `takeTurn()` queues a waiter and one loop slot (`setImmediate`). A slot releases the waiter at the
 * head of the queue — so the order is arrival order — unless this turn has used its budget; then the slot
 * moves to the next turn. The released work runs in the microtasks right after its slot, so the clock read
 * by the next slot includes it.
 */
export const turnBudgetMs = 8;

const waiters: Array<() => void> = [];
let turnStart = -1;
/** Since start: work granted a slot, and slots moved to a later turn because this one's budget was spent. */
const counts = { granted: 0, deferred: 0 };

/** For /metrics: work waiting for a slot now, and the running counts. */
export const turnStats = (): { waiting: number; granted: number; deferred: number } => ({ waiting: waiters.length, ...counts });

export function takeTurn(): Promise<void> {
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
    counts.deferred++;
    setImmediate(slot);
    return;
  }
  const next = waiters.shift();
  if (next) {
    counts.granted++;
    next();
  }
}
