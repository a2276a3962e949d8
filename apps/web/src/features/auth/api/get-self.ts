import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfoSchema, type UserInfo } from '@starlight/contract/users';
import { apiSpec } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export async function getSelf(signal?: AbortSignal): Promise<UserInfo> {
  return userInfoSchema.parse(await apiSpec('/user/user/self', { signal }));
}

export const selfQueryKey = ['auth', 'self'] as const;

export function selfQueryOptions() {
  return queryOptions({ queryKey: selfQueryKey, queryFn: ({ signal }) => getSelf(signal), staleTime: 60_000 });
}

/** The signed-in user (only asked for while a token exists). */
export function useSelf() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...selfQueryOptions(), enabled: token !== null });
}
