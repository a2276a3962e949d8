import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { interactivePasses } from '../../db/schema/interactive';
import { hashToken } from '../../lib/secrets';
import { cookieCacheMs, cookieTtlMs, createSessionPasses, ticketTtlMs } from './session-passes';
import { createPassesRepo } from './session-passes.repo';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';

describe('session origin passes (in the database)', () => {
  let database: TestDatabase;
  let clock = 1_000_000_000_000;
  const now = () => clock;
  const make = () => createSessionPasses(createPassesRepo(database.db), now);
  const passOf = async (passes: ReturnType<typeof make>, session = a) => {
    const pass = await passes.redeem(await passes.ticket(session, 7), session);
    if (typeof pass === 'string') throw new Error(pass);
    return pass;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('spends a ticket once, for its own session only, even when two hold the store', async () => {
    const passes = make();
    const twin = make(); // another instance on the same database
    const ticket = await passes.ticket(a, 7);
    const answers = await Promise.all([passes.redeem(ticket, a), twin.redeem(ticket, a)]);
    expect(answers.filter((x) => typeof x === 'object')).toEqual([{ sessionId: a, userId: 7, expiresAt: clock + ticketTtlMs }]);
    expect(answers.filter((x) => x === 'none')).toHaveLength(1);
    const other = await passes.ticket(a, 7);
    // used on another session's path: refused, and spent all the same
    expect(await twin.redeem(other, b)).toBe('other');
    expect(await passes.redeem(other, a)).toBe('none');
  });

  it('stores only hashes: a value read from the table opens nothing', async () => {
    const passes = make();
    const ticket = await passes.ticket(a, 7);
    const rows = await database.db.select().from(interactivePasses);
    expect(rows.map((r) => r.hash)).toContain(hashToken(ticket));
    expect(rows.map((r) => r.hash)).not.toContain(ticket);
    expect(await passes.redeem(hashToken(ticket), a)).toBe('none');
  });

  it('lets a ticket expire after a minute, and a cookie at the session end or after 12 hours', async () => {
    const passes = make();
    const ticket = await passes.ticket(a, 7);
    clock += ticketTtlMs;
    expect(await passes.redeem(ticket, a)).toBe('none');
    const fresh = await passOf(passes);
    const short = await passes.cookie(fresh, new Date(clock + 5_000));
    const long = await passes.cookie(fresh, null);
    const twin = make();
    expect(await twin.grant(short, a)).toMatchObject({ userId: 7 });
    expect(await twin.grant(short, b)).toBe('other');
    clock += 5_000;
    expect(await twin.grant(short, a)).toBe('none');
    expect(await passes.grant(long, a)).toMatchObject({ userId: 7 });
    clock += cookieTtlMs;
    expect(await passes.grant(long, a)).toBe('none');
  });

  it('forgets every ticket and cookie of an ended session, on every instance once told', async () => {
    const passes = make();
    const twin = make();
    const cookie = await passes.cookie(await passOf(passes), null);
    const ticket = await passes.ticket(a, 7);
    const kept = await passes.ticket(b, 7);
    expect(await twin.grant(cookie, a)).toMatchObject({ sessionId: a }); // the twin has read it (and keeps it a while)
    await passes.revoke(a);
    expect(await passes.grant(cookie, a)).toBe('none');
    expect(await twin.redeem(ticket, a)).toBe('none');
    // the twin still trusts what it read until it is told (the module tells it over the cluster bus) …
    expect(await twin.grant(cookie, a)).toMatchObject({ sessionId: a });
    twin.forget(a);
    expect(await twin.grant(cookie, a)).toBe('none');
    // … or for cookieCacheMs at most
    const later = await passes.cookie(await passOf(passes), null);
    expect(await twin.grant(later, a)).toMatchObject({ sessionId: a });
    await passes.revoke(a);
    clock += cookieCacheMs;
    expect(await twin.grant(later, a)).toBe('none');
    expect(await passes.redeem(kept, b)).toMatchObject({ sessionId: b });
    expect(await passes.grant(undefined, a)).toBe('none');
  });

  it('sweeps expired rows when it makes a pass', async () => {
    const passes = make();
    await passes.ticket(a, 7);
    clock += cookieTtlMs + 60_000;
    await passes.ticket(b, 7);
    const rows = await database.db.select().from(interactivePasses);
    expect(rows.every((r) => r.expiresAt.getTime() > clock)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });
});
