import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { renderApp } from './render-app';
import { spyFeedback } from '../../test/feedback-spy';
import { decideShellAccess } from '../guards/navigation-rules';

beforeEach(() => {
  spyFeedback();
  // No server here: every call stays pending, so pages render their loading states.
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});

describe('shell access rules', () => {
  it('sends a visitor without a token to /login with the page as redirect', () => {
    expect(decideShellAccess({ token: null, permissions: null, chain: [], requested: '/job/myjobs?x=1' })).toEqual({
      kind: 'login',
      to: '/login?redirect=/job/myjobs%3Fx%3D1',
    });
  });

  it('waits for the permission list before deciding', () => {
    expect(decideShellAccess({ token: 't', permissions: null, chain: [['manage_monitor']], requested: '/monitor/nodes' }).kind).toBe('load');
  });

  it('needs every level of the route to pass', () => {
    const chain = [['manage_monitor'], ['metrics_manage']];
    expect(decideShellAccess({ token: 't', permissions: ['manage_monitor'], chain, requested: '/monitor/metrics' }).kind).toBe('unauthorized');
    expect(decideShellAccess({ token: 't', permissions: ['manage_monitor', 'metrics_manage'], chain, requested: '/' }).kind).toBe('allow');
  });

  it('says when binding a system account would open the route', () => {
    const storage = [['binded_account'], undefined];
    expect(decideShellAccess({ token: 't', permissions: [], chain: storage, requested: '/storage/files' })).toEqual({ kind: 'unauthorized', needsBinding: true });
    expect(decideShellAccess({ token: 't', permissions: [], chain: [['manage_monitor']], requested: '/monitor/nodes' })).toEqual({
      kind: 'unauthorized',
      needsBinding: false,
    });
  });
});

describe('router guards', () => {
  it('sends a user lacking the permission to /401 with the back button hidden (noGoBack)', async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: ['binded_account'] });
    const { router } = renderApp('/monitor/nodes');
    expect(await screen.findByTestId('page-401')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/401');
    expect(router.state.location.state).toEqual({ noGoBack: true, needsBinding: false });
    expect(screen.queryByTestId('go-back')).toBeNull();
    expect(screen.queryByTestId('bind-link')).toBeNull();
    expect(screen.getByTestId('go-home')).toBeTruthy();
  });

  it('shows the back button on /401 opened without noGoBack', async () => {
    renderApp('/401');
    expect(await screen.findByTestId('go-back')).toBeTruthy();
  });

  it('sends a visitor without a token to /login?redirect=<path>', async () => {
    const { router } = renderApp('/job/myjobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/job/myjobs');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });

  it('sends an unknown path to /404', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByTestId('page-404')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('opens a permitted page inside the shell, with the sidebar built for the user', async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: ['manage_monitor'] });
    renderApp('/monitor/devices');
    expect(await screen.findByTestId('monitor-devices-page')).toBeTruthy();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.querySelector('[data-path="/monitor/nodes"]')).not.toBeNull();
    expect(sidebar.querySelector('[data-path="/monitor/metrics"]')).toBeNull();
  });

  it('leaves a public route open without a token', async () => {
    const { router } = renderApp('/forgot-password');
    expect(await screen.findByTestId('forgot-password-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('leaves /reset-pwd open without a token (spec §2), with a way to sign in and back', async () => {
    const { router } = renderApp('/reset-pwd');
    expect(await screen.findByTestId('reset-pwd-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-pwd');
    expect(screen.getByTestId('reset-pwd-sign-in').getAttribute('href')).toBe('/login?redirect=/reset-pwd');
  });

  it('tells an unbound user that binding a system account opens the page, with a link to bind', async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: [] });
    const { router } = renderApp('/storage/files');
    expect(await screen.findByTestId('needs-binding')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/401');
    expect(screen.getByTestId('bind-link').getAttribute('href')).toBe('/user-center/bind-account');
  });

  it('opens the admin pages of /cluster-partition to an unbound administrator', async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: ['kcluster_clusters_admin'] });
    const { router } = renderApp('/cluster-partition/platform');
    expect(await screen.findByTestId('cluster-platform-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cluster-partition/platform');
  });

  it("opens a group's first page the user may open from the group's own path", async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: ['kcluster_clusters_admin'] });
    const { router } = renderApp('/cluster-partition');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cluster-partition/platform'));
    await act(async () => undefined);
  });

  it('keeps answering a route of an area not built yet when opened directly', async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: ['binded_account'] });
    const { router } = renderApp('/platform-resource/cloud');
    expect(await screen.findByTestId('unavailable')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/platform-resource/cloud');
  });

  it('redirects / to the dashboard', async () => {
    useSessionStore.setState({ token: 'token-abc', permissions: [''] });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await act(async () => undefined);
  });
});
