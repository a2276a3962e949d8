import { useEffect } from 'react';
import { useSignOut } from '../session/use-sign-out';

/** /logout: the same logout as the user menu, then /login. */
export default function LogoutPage() {
  const { signOut } = useSignOut();
  useEffect(() => {
    void signOut();
  }, [signOut]);
  return (
    <div className="sl-center-page" data-testid="logout-page">
      <span className="sl-spinner" role="progressbar" aria-busy="true" />
    </div>
  );
}
