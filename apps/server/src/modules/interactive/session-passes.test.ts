import { describe, expect, it } from 'vitest';
import { cookieTtlMs, createSessionPasses, ticketTtlMs } from './session-passes';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';

describe('session origin passes', () => {
  it('spends a ticket once, for its own session only', () => {
    const passes = createSessionPasses();
    const ticket = passes.ticket(a, 7);
    expect(passes.redeem(ticket, a)).toMatchObject({ sessionId: a, userId: 7 });
    expect(passes.redeem(ticket, a)).toBe('none');
    const other = passes.ticket(a, 7);
    // used on another session's path: refused, and spent all the same
    expect(passes.redeem(other, b)).toBe('other');
    expect(passes.redeem(other, a)).toBe('none');
  });

  it('lets a ticket expire after a minute, and a cookie at the session end or after 12 hours', () => {
    let clock = 1_000_000;
    const passes = createSessionPasses(() => clock);
    const ticket = passes.ticket(a, 7);
    clock += ticketTtlMs;
    expect(passes.redeem(ticket, a)).toBe('none');
    const fresh = passes.redeem(passes.ticket(a, 7), a);
    if (typeof fresh === 'string') throw new Error(fresh);
    const short = passes.cookie(fresh, new Date(clock + 5_000));
    const long = passes.cookie(fresh, null);
    expect(passes.grant(short, a)).toMatchObject({ userId: 7 });
    expect(passes.grant(short, b)).toBe('other');
    clock += 5_000;
    expect(passes.grant(short, a)).toBe('none');
    expect(passes.grant(long, a)).toMatchObject({ userId: 7 });
    clock += cookieTtlMs;
    expect(passes.grant(long, a)).toBe('none');
  });

  it('forgets every ticket and cookie of an ended session', () => {
    const passes = createSessionPasses();
    const pass = passes.redeem(passes.ticket(a, 7), a);
    if (typeof pass === 'string') throw new Error(pass);
    const cookie = passes.cookie(pass, null);
    const ticket = passes.ticket(a, 7);
    const kept = passes.ticket(b, 7);
    passes.revoke(a);
    expect(passes.grant(cookie, a)).toBe('none');
    expect(passes.redeem(ticket, a)).toBe('none');
    expect(passes.redeem(kept, b)).toMatchObject({ sessionId: b });
    expect(passes.grant(undefined, a)).toBe('none');
  });
});
