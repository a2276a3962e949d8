import { describe, expect, it, vi } from 'vitest';
import type { ClientErrorInput } from '@starlight/contract/system';
import { createClientErrorReporter } from '../client-error-reporter';

describe('client error log (spec §8)', () => {
  it('sends the message, stack and page address', () => {
    const send = vi.fn((_input: ClientErrorInput) => Promise.resolve());
    const report = createClientErrorReporter(send, () => 0);
    report(new Error('boom'));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom', url: window.location.href, stack: expect.stringContaining('boom') }));
  });

  it('sends at most one report per 5 seconds and never the same error twice', () => {
    let now = 0;
    const send = vi.fn((_input: ClientErrorInput) => Promise.resolve());
    const report = createClientErrorReporter(send, () => now);
    const error = new Error('loop');
    report(error);
    now = 1000;
    report(new Error('other'));
    now = 6000;
    report(error);
    report(new Error('later'));
    expect(send.mock.calls.map(([input]) => input.message)).toEqual(['loop', 'later']);
  });
});
