import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * True once the current location was let through. Guards check on navigation, like a router's
 * beforeEach: a session that ends while the page is open (the expiry dialog's cancel) leaves the
 * user on the page, and the next navigation decides again.
 */
export function usePassedLocation(allowedNow: boolean): boolean {
  const { key } = useLocation();
  const [passedKey, setPassedKey] = useState<string | null>(null);
  useEffect(() => {
    if (allowedNow && passedKey !== key) setPassedKey(key);
  }, [allowedNow, key, passedKey]);
  return passedKey === key;
}
