import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteHandle } from '../../route-types';
import { AppMain } from '../app-main';
import { useVisitedViews } from '../tags-view/visited-views-store';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid={`count-${label}`} onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

const anyPage = lazy(() => Promise.resolve({ default: () => null }));
const handle = (path: string, noCache = false): RouteHandle => ({
  route: { path, page: anyPage, meta: { title: path, noCache } },
  fullPath: path,
  name: path,
  public: false,
});
const page = (path: string, noCache = false) => ({
  id: path,
  path,
  handle: handle(path, noCache),
  element: <Counter label={path.slice(1)} />,
});

function setup() {
  const router = createMemoryRouter([{ element: <AppMain />, children: [page('/a'), page('/b'), page('/c', true)] }], { initialEntries: ['/a'] });
  render(<RouterProvider router={router} />);
  const visit = async (path: string) => {
    await act(() => router.navigate(path));
    useVisitedViews.getState().addView({ path, fullPath: path, name: path, noCache: path === '/c' });
  };
  useVisitedViews.getState().addView({ path: '/a', fullPath: '/a', name: '/a' });
  return { visit };
}

const clickCount = async (label: string) => userEvent.setup().click(screen.getByTestId(`count-${label}`));
const countOf = (label: string) => screen.getByTestId(`count-${label}`).textContent;

afterEach(() => useVisitedViews.getState().reset());

describe('keep-alive of visited views', () => {
  it('keeps a cached view, with its state, while another is shown', async () => {
    const { visit } = setup();
    await clickCount('a');
    await visit('/b');
    await visit('/a');
    expect(countOf('a')).toBe('1');
  });

  it('remounts a noCache view on every visit', async () => {
    const { visit } = setup();
    await visit('/c');
    await clickCount('c');
    await visit('/a');
    await visit('/c');
    expect(countOf('c')).toBe('0');
  });

  it('drops the page when its tag is closed', async () => {
    const { visit } = setup();
    await clickCount('a');
    await visit('/b');
    act(() => void useVisitedViews.getState().closeView('/a'));
    expect(screen.queryByTestId('count-a')).toBeNull();
    await visit('/a');
    expect(countOf('a')).toBe('0');
  });

  it('remounts the view on refresh', async () => {
    setup();
    await clickCount('a');
    act(() => useVisitedViews.getState().refreshView('/a'));
    expect(countOf('a')).toBe('0');
  });
});
