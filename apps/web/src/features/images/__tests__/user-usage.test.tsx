import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { UserUsage } from '../components/user-usage';

afterEach(() => vi.unstubAllGlobals());

describe('/image-center/user-resource', () => {
  it('shows each user namespace as GET /image/usage reports it: repositories, tags, bytes and CLI secrets', async () => {
    const fetchMock = mockFetch(() =>
      envelopeResponse({
        code: 200,
        spec: {
          list: [
            { user_name: 'alice', repositories: 2, tags: 7, used_bytes: 3 * 1024 * 1024, secrets: 1 },
            { user_name: 'david', repositories: 0, tags: 0, used_bytes: 0, secrets: 0 },
          ],
          total: 2,
        },
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <App>
            <UserUsage />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const alice = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    const cells = within(alice).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['alice', '2', '7', '3 MiB']);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 4)).toEqual(['User', 'Repositories', 'Tags', 'Used']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/image/usage');
  });
});
