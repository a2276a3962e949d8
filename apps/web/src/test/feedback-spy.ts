import { vi } from 'vitest';
import { bindFeedback, type FeedbackApi } from '../lib/feedback';

/** Binds recording fakes in place of antd's App context; returns them for assertions. */
export function spyFeedback() {
  const spies = {
    message: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
    notification: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() },
  };
  bindFeedback(spies as unknown as FeedbackApi);
  return spies;
}
