import { PGlite } from '@electric-sql/pglite';
import { takeTurn } from '../lib/turns';

/**
 * PGlite whose statements take turns in the event loop (lib/turns.ts). PGlite runs each statement
 * synchronously and hands its mutexes on through promise resolutions, so without this every waiting
 * request's statements ran back to back within one loop turn and new connections were not accepted until
 * the load ended. Statements inside a transaction hold the transaction lock and go straight on.
 */
export class FairPGlite extends PGlite {
  override async query<T>(...args: Parameters<PGlite['query']>): Promise<Awaited<ReturnType<PGlite['query']>> & { rows: T[] }> {
    await takeTurn();
    return (await super.query<T>(...args)) as Awaited<ReturnType<PGlite['query']>> & { rows: T[] };
  }

  override async exec(...args: Parameters<PGlite['exec']>): ReturnType<PGlite['exec']> {
    await takeTurn();
    return super.exec(...args);
  }

  override async transaction<T>(callback: Parameters<PGlite['transaction']>[0]): Promise<T> {
    await takeTurn();
    return (await super.transaction(callback)) as T;
  }
}
