import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import type { RouteHandle } from '../route-types';
import { decideShellAccess } from './navigation-rules';
import { usePassedLocation } from './use-passed-location';

function SessionLoader() {
  useEffect(() => {
    // Lazy: the user and permission schemas (zod) are not part of the login page's load.
    void import('../session/load-session').then(({ loadSession }) => loadSession());
  }, []);
  return (
    <div className="sl-center-page" data-testid="session-loading">
      <span className="sl-spinner" role="progressbar" aria-busy="true" />
    </div>
  );
}

/** Login, then permissions, for everything inside the shell: /login?redirect=…, or /401 with noGoBack. */
export function ShellGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const matches = useMatches();
  const token = useSessionStore((state) => state.token);
  const permissions = useSessionStore((state) => state.permissions);
  const chain = matches.map((match) => (match.handle as RouteHandle | undefined)?.route.meta.perms);
  // A group's index (no handle of its own) is decided by GroupIndexRedirect: it opens the first child the user may open.
  const leaf = matches[matches.length - 1];
  const groupIndex = matches.length > 1 && leaf !== undefined && leaf.handle === undefined && matches[matches.length - 2]?.handle !== undefined;
  const decision = decideShellAccess({ token, permissions, chain: groupIndex ? [] : chain, requested: location.pathname + location.search });
  const passed = usePassedLocation(decision.kind === 'allow');

  if (passed || decision.kind === 'allow') return <>{children}</>;
  if (decision.kind === 'login') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'unauthorized') return <Navigate to="/401" replace state={{ noGoBack: true, needsBinding: decision.needsBinding }} />;
  return <SessionLoader />;
}
