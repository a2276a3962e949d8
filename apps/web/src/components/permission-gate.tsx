import type { ReactNode } from 'react';
import { useHasAnyPermission } from '../lib/permissions';

interface PermissionGateProps {
  /** Any one of these keys is enough; an empty list always passes (spec §5). */
  perms: readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}

/** Removes an element unless at least one listed permission is held. */
export function PermissionGate({ perms, children, fallback = null }: PermissionGateProps) {
  return useHasAnyPermission(perms) ? <>{children}</> : <>{fallback}</>;
}
