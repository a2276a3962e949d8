import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../providers';
import { buildRouteObjects } from '../router';

/** The whole app (route table, guards, lazy pages) on a memory router at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
