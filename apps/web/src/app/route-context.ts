import { createContext, useContext } from 'react';
import type { RouteHandle } from './route-types';

/**
 * The route a page was rendered for. Pages kept alive by the shell read their own route from here,
 * not from useMatches (which always describes the visible page).
 */
export const RouteHandleContext = createContext<RouteHandle | null>(null);

export function useRouteHandle(): RouteHandle | null {
  return useContext(RouteHandleContext);
}
