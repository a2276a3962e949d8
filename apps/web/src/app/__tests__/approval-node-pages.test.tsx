import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApprovalChain } from '@starlight/contract/approvals';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../test/fetch-mock';
import { spyFeedback } from '../../test/feedback-spy';
import { renderApp } from './render-app';

const chain: ApprovalChain = {
  id: 7,
  name: 'two steps',
  description: 'group, then platform',
  nodes: [
    { name: 'group', mode: 'any', approvers: { perms: [], role_ids: [], group_admin: true, user_ids: [] } },
    { name: 'platform', mode: 'all', approvers: { perms: ['manage_approval'], role_ids: [3], group_admin: false, user_ids: [12] } },
  ],
  kinds: ['cpu_hours'],
  updated_at: '2026-01-01T00:00:00Z',
};
const roles = [{ id: 3, name: 'approvers', description: '', builtin: false, keys: [], user_count: 1 }];

/** A server holding one chain: records what the pages send. */
function serve() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, path, body: JSON.parse(String(init.body)) });
    if (path === '/approval/approval-nodes/7' && method === 'GET') return envelopeResponse({ code: 200, spec: chain });
    if (path === '/approval/approval-nodes/8') return envelopeResponse({ code: 1404, info: 'not found' }, 404);
    if (path === '/approval/approval-nodes' && method === 'GET') return envelopeResponse({ code: 200, spec: [chain] });
    if (path.startsWith('/approval/approval-nodes')) return envelopeResponse({ code: 200, spec: { ...chain, ...(sent.at(-1)?.body as object) } });
    if (path === '/perm/roles') return envelopeResponse({ code: 200, spec: roles });
    return new Promise<Response>(() => undefined);
  });
  return sent;
}

beforeEach(() => {
  spyFeedback();
  useSessionStore.setState({ token: 'token-abc', permissions: ['manage_approval', 'query_role'] });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});

describe('approval-node pages (spec §2 /approval)', () => {
  it('edits a chain on /approval/approval-node/:id and keeps what the form does not show changed (roles, users)', { timeout: 60_000 }, async () => {
    const sent = serve();
    const { router } = renderApp('/approval/approval-node/7');
    const name = await screen.findByTestId('node-name-1', {}, { timeout: 15_000 }); // the shell's first load is cold
    expect((name as HTMLInputElement).value).toBe('platform');
    // the node's key is shown by its meaning, with the key beside it
    expect(within(screen.getByTestId('chain-node-1')).getByTestId('permission-manage_approval').textContent).toContain('manage_approval');
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'platform admins');
    await user.click(screen.getByTestId('save-chain'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: '/approval/approval-nodes/7' });
    expect(sent[0]?.body).toEqual({
      name: 'two steps',
      description: 'group, then platform',
      nodes: [
        { name: 'group', mode: 'any', approvers: { perms: [], role_ids: [], group_admin: true, user_ids: [] } },
        { name: 'platform admins', mode: 'all', approvers: { perms: ['manage_approval'], role_ids: [3], group_admin: false, user_ids: [12] } },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/approval/approval-nodes'));
  });

  it('creates a chain on /approval/approval-node', async () => {
    const sent = serve();
    renderApp('/approval/approval-node');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('chain-name'), 'one step');
    await user.type(screen.getByTestId('node-name-0'), 'group');
    await user.click(screen.getByTestId('add-node'));
    await user.type(await screen.findByTestId('node-name-1'), 'named');
    await user.type(screen.getByTestId('node-users-1'), '12, x, 34');
    await user.click(screen.getByTestId('save-chain'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/approval/approval-nodes' });
    expect(sent[0]?.body).toEqual({
      name: 'one step',
      description: '',
      nodes: [
        { name: 'group', mode: 'any', approvers: { perms: [], role_ids: [], group_admin: true, user_ids: [] } },
        { name: 'named', mode: 'any', approvers: { perms: [], role_ids: [], group_admin: false, user_ids: [12, 34] } },
      ],
    });
  });

  it('refuses to save a chain whose node has no name', async () => {
    const sent = serve();
    renderApp('/approval/approval-node');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('chain-name'), 'nameless node');
    await user.click(screen.getByTestId('save-chain'));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(sent).toEqual([]);
  });

  it('says so when the chain does not exist or the id is no number', async () => {
    serve();
    renderApp('/approval/approval-node/8');
    expect(await screen.findByTestId('approval-node-missing')).toBeTruthy();
  });

  it('links the list to the editor pages', async () => {
    serve();
    renderApp('/approval/approval-nodes');
    expect((await screen.findByTestId('edit-chain-7')).closest('a')?.getAttribute('href')).toBe('/approval/approval-node/7');
    expect(screen.getByTestId('new-chain').closest('a')?.getAttribute('href')).toBe('/approval/approval-node');
    expect(within(screen.getByTestId('chain-7')).getByText('Role approvers')).toBeTruthy();
  });
});
