import { afterEach, beforeEach, vi } from 'vitest';
import { bindFeedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { spyFeedback } from '../../../test/feedback-spy';

/** Every test of the calling file starts signed out with the feedback spied; fetch stubs are undone after. Returns the current test's spies. */
export function signedOutEachTest(): () => ReturnType<typeof spyFeedback> {
  let feedback: ReturnType<typeof spyFeedback> | undefined;
  beforeEach(() => {
    feedback = spyFeedback();
    useSessionStore.setState({ token: null, permissions: null, user: null });
  });
  afterEach(() => {
    bindFeedback(null);
    vi.unstubAllGlobals();
  });
  return () => {
    if (!feedback) throw new Error('feedback is spied in beforeEach: read it inside a test');
    return feedback;
  };
}
