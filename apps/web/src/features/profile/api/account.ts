import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Code } from '@starlight/contract/codes';
import {
  avatarSchema,
  userHomeSchema,
  userProfileSchema,
  userStatusSchema,
  type SelfUpdateInput,
  type UserProfileInput,
} from '@starlight/contract/profile';
import { userInfoSchema, type UserInfo } from '@starlight/contract/users';
import { apiSpec } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../lib/session-store';

/** Answered in the form, not by a toast. */
export const formCodes = [Code.invalidInput, Code.conflict, Code.rateLimited] as const;

/** The same cache entry as the user menu's (features/auth get-self): one fetch, one truth. */
export const selfKey = ['auth', 'self'] as const;

const getSelf = async (signal?: AbortSignal): Promise<UserInfo> => userInfoSchema.parse(await apiSpec('/user/user/self', { signal }));

export function useSelfInfo() {
  return useQuery(queryOptions({ queryKey: selfKey, queryFn: ({ signal }) => getSelf(signal), staleTime: 60_000 }));
}

/** After a change of one's user info: the cache, the session store (user menu) follow. */
export async function refreshSelf(): Promise<void> {
  const user = await queryClient.fetchQuery({ queryKey: selfKey, queryFn: ({ signal }) => getSelf(signal), staleTime: 0 });
  useSessionStore.getState().setUser(user);
}

export async function updateSelf(input: SelfUpdateInput): Promise<UserInfo> {
  const user = userInfoSchema.parse(await apiSpec('/user/user/self', { method: 'PATCH', body: input, skip: formCodes }));
  queryClient.setQueryData(selfKey, user);
  useSessionStore.getState().setUser(user);
  return user;
}

/** POST /user/user/user_avatar: the file's bytes as the body (the server checks the magic bytes). */
export async function uploadAvatar(file: Blob): Promise<string> {
  const spec = avatarSchema.parse(
    await apiSpec('/user/user/user_avatar', { method: 'POST', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' }, skip: formCodes, timeoutMs: 60_000 }),
  );
  await refreshSelf();
  return spec.avatar;
}

export const profileKey = ['profile', 'card'] as const;
export function useUserProfile() {
  return useQuery({ queryKey: profileKey, queryFn: async ({ signal }) => userProfileSchema.parse(await apiSpec('/user/user/user_profile', { signal })) });
}
export function useSaveUserProfile() {
  return useMutation({
    mutationFn: async (input: UserProfileInput) => userProfileSchema.parse(await apiSpec('/user/user/user_profile', { method: 'PATCH', body: input, skip: formCodes })),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

export function useUserStatus() {
  return useQuery({ queryKey: ['profile', 'status'], queryFn: async ({ signal }) => userStatusSchema.parse(await apiSpec('/user/status', { signal })) });
}
export function useUserHome() {
  return useQuery({ queryKey: ['profile', 'home'], queryFn: async ({ signal }) => userHomeSchema.parse(await apiSpec('/user/home', { signal })) });
}
