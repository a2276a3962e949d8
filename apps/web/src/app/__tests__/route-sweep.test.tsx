import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { permissionKeys } from '@starlight/contract/permissions';
import { joinRoutePath } from '@starlight/contract/routes';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { spyFeedback } from '../../test/feedback-spy';
import type { AppRoute } from '../route-types';
import { knownThirdRoutes, publicRoutes, shellRoutes } from '../routes';
import { renderApp } from './render-app';

/** Every page path of a part of the table, its parameters filled in. */
const pagePaths = (routes: readonly AppRoute[], parent = '/'): string[] =>
  routes.flatMap((route) => {
    const path = joinRoutePath(parent, route.path);
    const own = route.page ? [path.replace(/:[^/]+\*$/, 'dashboard').replace(/:[^/]+/g, '1')] : [];
    return [...own, ...(route.children ? pagePaths(route.children, path) : [])];
  });

beforeEach(() => {
  spyFeedback();
  // No server: every call stays pending, so each page renders as it does while its data loads.
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
  // jsdom has no Worker; the workflow layout (elkjs) makes one when its module loads
  // nor Element.scrollTo, which the file list's virtual viewport calls
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;
  vi.stubGlobal('Worker', class { postMessage() {} terminate() {} addEventListener() {} removeEventListener() {} });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});

/** Renders `path` until its lazy page is in (no spinner of the frame left); the route error it shows, if any. */
async function renderError(path: string) {
  const { unmount } = renderApp(path);
  await waitFor(() => expect(document.querySelector('.sl-page-fallback')).toBeNull(), { timeout: 5_000 }).catch(() => undefined);
  await act(async () => undefined);
  const error = screen.queryByTestId('route-error-detail')?.textContent;
  unmount();
  return error ? { path, error } : null;
}

async function sweep(paths: readonly string[]) {
  const failures = [];
  for (const path of paths) {
    const failure = await renderError(path);
    if (failure) failures.push(failure);
  }
  return failures;
}

describe('every route of the table renders without a route error', () => {
  it('signed out: each page outside the shell', { timeout: 300_000 }, async () => {
    expect(await sweep(pagePaths(publicRoutes))).toEqual([]);
  });

  it('signed in with every key: each page of the shell and outside it', { timeout: 600_000 }, async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: [...permissionKeys] });
    const paths = [...pagePaths(publicRoutes), ...pagePaths(shellRoutes), ...pagePaths(Object.values(knownThirdRoutes))];
    expect(paths.length).toBeGreaterThan(100);
    expect(await sweep(paths)).toEqual([]);
  });
});
