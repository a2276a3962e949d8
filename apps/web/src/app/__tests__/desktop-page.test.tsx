import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../test/fetch-mock';
import { spyFeedback } from '../../test/feedback-spy';
import { renderApp } from './render-app';

const connects: string[] = [];
let feedback: ReturnType<typeof spyFeedback>;

beforeEach(() => {
  connects.length = 0;
  feedback = spyFeedback();
  useSessionStore.setState({ token: 't', permissions: ['binded_account'] });
  mockFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path.endsWith('/connect')) {
      connects.push(path);
      return envelopeResponse({ code: 1404, info: 'session not found' }, 404);
    }
    return new Promise<Response>(() => undefined);
  });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});

describe('/app/interactive/:id/desktop with an id that names no session', { timeout: 60_000 }, () => {
  it('shows a not-found page in the reader’s language for an id that is no session id, without asking the server', async () => {
    renderApp('/app/interactive/1/desktop');
    const missing = await screen.findByTestId('desktop-missing', {}, { timeout: 15_000 });
    expect(missing.textContent).toContain('No such session');
    expect(document.body.textContent).not.toContain('params.id');
    expect(connects).toEqual([]);
  });

  it('shows the same page, and no toast, when the server knows no such session', async () => {
    renderApp('/app/interactive/0b6f3c1e-2a4d-4c8e-9f10-123456789abc/desktop');
    expect(await screen.findByTestId('desktop-missing', {}, { timeout: 15_000 })).toBeTruthy();
    expect(connects).toEqual(['/api/session/0b6f3c1e-2a4d-4c8e-9f10-123456789abc/connect']);
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });
});
