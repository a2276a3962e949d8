import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { providerDomain } from '../../lib/provider-domain';
import { useSessionStore } from '../../lib/session-store';
import { decideLoginPage } from './navigation-rules';
import { StarlightRedirect } from './starlight-redirect';
import { usePassedLocation } from './use-passed-location';

/** /login, /wx-login, /vc-login for a user who is already signed in (spec §2). */
export function LoginPageGuard({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const decision = decideLoginPage(loggedIn, search, providerDomain());
  // Once shown, the page finishes its own login flow (it navigates itself) without being pushed away.
  const passed = usePassedLocation(decision.kind === 'show');

  if (passed || decision.kind === 'show') return <>{children}</>;
  if (decision.kind === 'home') return <Navigate to="/" replace />;
  return <StarlightRedirect url={decision.url} />;
}
