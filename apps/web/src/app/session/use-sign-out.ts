import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';

/** Logout from the user menu or /logout: revoke, clear everything, go to /login. */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } finally {
      setPending(false);
      await navigate('/login', { replace: true });
    }
  }, [navigate]);
  return { signOut, pending };
}
