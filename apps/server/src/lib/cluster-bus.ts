import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What several console instances on one PostgreSQL share beyond the tables: one leader (the instance
 * that runs the background work — pollers, sweepers, the embedded local queue) and messages between
 * instances (cache invalidations). On PostgreSQL the leader holds a session advisory lock and messages
 * travel by LISTEN/NOTIFY on one dedicated connection; on PGlite (one process by design) this instance
 * is always the leader and messages have nobody else to reach.
 */
export interface ClusterBus {
  /** Whether this instance holds the leader lock now. */
  isLeader(): boolean;
  /** Told true when this instance becomes the leader and false when it stops being it. */
  onLeadership(listener: (leader: boolean) => void): () => void;
  /** Delivers `payload` (JSON, kept under NOTIFY's 8000 bytes by the caller) to every other instance. */
  publish(topic: string, payload: unknown): void;
  subscribe(topic: string, listener: (payload: unknown) => void): () => void;
  /**
   * Told when messages may have been missed (the bus connection was lost and is back): whoever caches
   * on the strength of invalidations drops everything.
   */
  onResync(listener: () => void): () => void;
  /**
   * Resolves true once every message committed before the call has been delivered to this instance's
   * subscribers — also the database's own (triggers NOTIFY on this channel with `from: "db"`, e.g.
   * `identity.changed`); false when this instance cannot know (no bus connection, or no database
   * notifications at all): then nothing may be served from a cache kept by those messages.
   */
  sync(): Promise<boolean>;
  close(): Promise<void>;
}

/** What the database's notifications arrive through when no bus connection exists (PGlite: the database itself). */
export interface DatabaseNotifications {
  listen(channel: string, listener: (payload: string) => void): Promise<unknown>;
}

/** Also named by the database's triggers (drizzle/0009_identity_change_notify.sql). */
export const busChannel = 'starlight_bus';
const channel = busChannel;
/** One key for "the leader" per database (advisory locks are per database). */
const leaderLockKey = 0x5354_4c47; // "STLG"
/** NOTIFY refuses payloads of 8000 bytes or more. */
export const maxPayloadBytes = 7_900;

interface Envelope {
  from: string;
  topic: string;
  payload: unknown;
}

function listeners<T>() {
  const set = new Set<(value: T) => void>();
  return {
    add(fn: (value: T) => void): () => void {
      set.add(fn);
      return () => void set.delete(fn);
    },
    emit(value: T, onError: (error: unknown) => void): void {
      for (const fn of [...set]) {
        try {
          fn(value);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

/** The topic's listeners of an envelope from another instance or from the database; malformed text is dropped. */
function deliver(text: string, self: string, topics: Map<string, ReturnType<typeof listeners<unknown>>>, onError: (error: unknown) => void): void {
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    return;
  }
  if (envelope.from === self) return;
  topics.get(envelope.topic)?.emit(envelope.payload, onError);
}

/**
 * PGlite: one process, always the leader, nobody else to tell. The database's own notifications (triggers)
 * are delivered by PGlite before the statement that caused them resolves, so `sync` has nothing to wait for.
 * Without `database` (PostgreSQL without a bus URL) nothing is delivered and `sync` says so.
 */
export async function createLocalBus(database?: DatabaseNotifications, log: (error: unknown, context: string) => void = () => undefined): Promise<ClusterBus> {
  const topics = new Map<string, ReturnType<typeof listeners<unknown>>>();
  const onError = (error: unknown): void => log(error, 'cluster bus listener');
  await database?.listen(channel, (text) => deliver(text, '', topics, onError));
  return {
    isLeader: () => true,
    onLeadership: () => () => undefined,
    publish: () => undefined,
    subscribe(topic, fn) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = listeners<unknown>()));
      return set.add(fn);
    },
    onResync: () => () => undefined,
    sync: async () => database !== undefined,
    close: async () => undefined,
  };
}

export interface PgBusOptions {
  url: string;
  /** How often a follower tries to take the lock, and a lost connection is retried. */
  retryMs?: number;
  log?: (error: unknown, context: string) => void;
}

/**
 * PostgreSQL: a dedicated client LISTENs and, while it is not the leader, tries
 * `pg_try_advisory_lock` every `retryMs`. The lock belongs to the client's session, so a leader that
 * closes or dies (its connection ends) frees it and the next try of another instance takes over.
 * A lost connection makes this instance a follower at once (another may take the lock) and is
 * re-opened after `retryMs`; the messages it may have missed are answered with a resync.
 */
export async function createPgBus({ url, retryMs = 5_000, log = () => undefined }: PgBusOptions): Promise<ClusterBus> {
  const id = randomUUID();
  const leadership = listeners<boolean>();
  const resync = listeners<undefined>();
  const topics = new Map<string, ReturnType<typeof listeners<unknown>>>();
  let client: pg.Client | null = null;
  let leader = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let trying: Promise<void> | null = null;
  const onError = (error: unknown): void => log(error, 'cluster bus listener');

  const setLeader = (value: boolean): void => {
    if (leader === value) return;
    leader = value;
    leadership.emit(value, onError);
  };
  const schedule = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      trying ??= tick().finally(() => (trying = null));
    }, retryMs);
    timer.unref();
  };

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, application_name: `starlight-bus-${id.slice(0, 8)}` });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) deliver(message.payload, id, topics, onError);
    });
    next.on('error', (error) => {
      log(error, 'cluster bus connection');
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${channel}`);
    return next;
  }

  function lost(which: pg.Client): void {
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    setLeader(false);
    if (!closed) schedule();
  }

  async function tick(): Promise<void> {
    if (closed) return;
    try {
      if (!client) {
        const fresh = await connect();
        if (closed) {
          await fresh.end();
          return;
        }
        const reconnected = client === null && everConnected;
        client = fresh;
        everConnected = true;
        if (reconnected) resync.emit(undefined, onError);
      }
      if (!leader) {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [leaderLockKey]);
        if (rows[0]?.locked) setLeader(true);
      }
    } catch (error) {
      log(error, 'cluster bus: connecting or taking the leader lock');
      if (client) lost(client);
    }
    if (!leader) schedule();
  }
  let everConnected = false;

  /*
   * A barrier: PostgreSQL sends a listening session the notifications committed before a statement ahead of
   * that statement's ReadyForQuery (PostgreSQL 15+), and pg emits them as it parses, so once a `select 1` on the
   * LISTEN connection resolves, everything committed before it was sent has been delivered. One barrier serves
   * every caller that arrived before it was sent: a caller arriving while one is out waits for the next.
   */
  let barrier: Promise<boolean> | null = null;
  let nextBarrier: Promise<boolean> | null = null;
  const runBarrier = async (): Promise<boolean> => {
    const current = client;
    if (!current) return false;
    try {
      await current.query('select 1');
      return client === current;
    } catch {
      return false;
    }
  };
  const sync = (): Promise<boolean> => {
    if (!barrier) return (barrier = runBarrier().finally(() => (barrier = null)));
    return (nextBarrier ??= barrier.then(() => {
      nextBarrier = null;
      return sync();
    }));
  };

  await tick();
  return {
    isLeader: () => leader,
    onLeadership: (fn) => leadership.add(fn),
    publish(topic, payload) {
      const text = JSON.stringify({ from: id, topic, payload } satisfies Envelope);
      if (Buffer.byteLength(text) > maxPayloadBytes) {
        log(new Error(`a ${topic} message of ${Buffer.byteLength(text)} bytes is too long for NOTIFY`), 'cluster bus publish');
        return;
      }
      // a follower that lost its connection cannot tell others; they see the change by their TTLs
      client?.query('select pg_notify($1, $2)', [channel, text]).catch((error: unknown) => log(error, `cluster bus: publishing ${topic}`));
    },
    subscribe(topic, fn) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = listeners<unknown>()));
      return set.add(fn);
    },
    onResync: (fn) => resync.add(fn),
    sync,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await trying;
      const current = client;
      client = null;
      setLeader(false);
      // ending the session frees the advisory lock for the next instance
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The bus for this database: PostgreSQL's when a URL is given, the in-process one otherwise (fed by PGlite's own
 * notifications when `database` is given).
 */
export function openClusterBus(url: string | null, options: Omit<PgBusOptions, 'url'> & { database?: DatabaseNotifications } = {}): Promise<ClusterBus> {
  const { database, ...pgOptions } = options;
  return url ? createPgBus({ url, ...pgOptions }) : createLocalBus(database, pgOptions.log);
}
