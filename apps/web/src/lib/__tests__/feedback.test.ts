import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, feedback, onFeedbackHostRequested, type FeedbackApi } from '../feedback';

afterEach(() => bindFeedback(null));

describe('feedback bridge', () => {
  it('asks for the host and delivers what was said before it bound', () => {
    const requested = vi.fn();
    const stop = onFeedbackHostRequested(requested);
    feedback().notification.error({ title: 'early' });
    expect(requested).toHaveBeenCalled();
    const error = vi.fn();
    bindFeedback({ notification: { error } } as unknown as FeedbackApi);
    expect(error).toHaveBeenCalledWith({ title: 'early' });
    stop();
  });

  it('calls the bound host directly afterwards', () => {
    const warning = vi.fn();
    bindFeedback({ message: { warning } } as unknown as FeedbackApi);
    feedback().message.warning('now');
    expect(warning).toHaveBeenCalledWith('now');
  });
});
