import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindFeedback } from '../../../lib/feedback';
import { spyFeedback } from '../../../test/feedback-spy';
import { FullscreenToggle } from '../fullscreen-toggle';

afterEach(() => bindFeedback(null));

describe('fullscreen toggle', () => {
  it("warns 'you browser can not work' where the Fullscreen API is missing", async () => {
    const feedback = spyFeedback();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    render(<FullscreenToggle />);
    await userEvent.setup().click(screen.getByTestId('fullscreen-toggle'));
    expect(feedback.message.warning).toHaveBeenCalledWith('you browser can not work');
  });
});
