import { namespaceOf } from '@starlight/contract/images';
import { isReservedNamespace } from '@starlight/contract/validators';

export type ImageAction = 'pull' | 'push' | 'delete';

/** Who asks: null is anonymous. `platformAdmin` is the holder of dchub-basic-admin. */
export interface ImagePrincipal {
  userName: string;
  /**
   * The user's own namespace: their name, or null when that name is reserved or a group's (identity refuses such
   * names now; an older account named like a group or `library` owns nothing there).
   */
  ownNamespace: string | null;
  groupName: string | null;
  adminOf: readonly string[];
  platformAdmin: boolean;
}

/**
 * The namespace rules (issue 13): `<user>/…` the owner pushes and deletes; `<group>/…` members pull,
 * group admins push and delete; `library/…` every signed-in user pulls, platform admins push; a public
 * repository everyone pulls, anonymous callers only those. Platform admins may do everything.
 */
export function allowedActions(principal: ImagePrincipal | null, repository: string, isPublic: boolean): Set<ImageAction> {
  const allowed = new Set<ImageAction>();
  if (isPublic) allowed.add('pull');
  if (!principal) return allowed;
  const namespace = namespaceOf(repository);
  const all = (): Set<ImageAction> => new Set<ImageAction>(['pull', 'push', 'delete']);
  if (principal.platformAdmin) return all();
  // one reading per namespace, in this order: reserved (library), a group's, then a user's own
  if (isReservedNamespace(namespace)) return allowed.add('pull');
  if (principal.adminOf.includes(namespace)) return all();
  if (namespace === principal.groupName) return allowed.add('pull');
  if (principal.ownNamespace !== null && namespace === principal.ownNamespace) return all();
  return allowed;
}

/** `repository:name:pull,push` → its parts; null for anything else (resource types we do not grant). */
export function parseScope(scope: string): { type: string; name: string; actions: string[] } | null {
  const first = scope.indexOf(':');
  const last = scope.lastIndexOf(':');
  if (first <= 0 || last <= first) return null;
  return {
    type: scope.slice(0, first),
    name: scope.slice(first + 1, last),
    actions: scope
      .slice(last + 1)
      .split(',')
      .filter((action) => action !== ''),
  };
}
