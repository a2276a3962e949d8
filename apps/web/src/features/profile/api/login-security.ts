import { useMutation, useQuery } from '@tanstack/react-query';
import { accessRecordListSchema, accessRecordSchema, loginSecuritySchema, type AccessRecordInput, type LoginSecurityInput } from '@starlight/contract/profile';
import { apiSpec } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { formCodes } from './account';

export const loginSecurityKey = ['profile', 'login-security'] as const;
export const accessRecordsKey = ['profile', 'access-records'] as const;

export function useLoginSecurity() {
  return useQuery({ queryKey: loginSecurityKey, queryFn: async ({ signal }) => loginSecuritySchema.parse(await apiSpec('/keystone/login_security', { signal })) });
}

export function useUpdateLoginSecurity() {
  return useMutation({
    mutationFn: async (input: LoginSecurityInput) => loginSecuritySchema.parse(await apiSpec('/keystone/login_security', { method: 'PATCH', body: input, skip: formCodes })),
    onSuccess: (settings) => queryClient.setQueryData(loginSecurityKey, settings),
  });
}

export function useAccessRecords() {
  return useQuery({
    queryKey: accessRecordsKey,
    queryFn: async () => accessRecordListSchema.parse(await apiSpec('/user/access/query', { method: 'POST', body: { page: 1, page_size: 100 } })),
  });
}

const refreshBoth = () => Promise.all([queryClient.invalidateQueries({ queryKey: accessRecordsKey }), queryClient.invalidateQueries({ queryKey: loginSecurityKey })]);

export function useCreateAccessRecord() {
  return useMutation({
    mutationFn: async (input: AccessRecordInput) => accessRecordSchema.parse(await apiSpec('/user/access/create', { method: 'POST', body: input, skip: formCodes })),
    onSuccess: refreshBoth,
  });
}

export function useDeleteAccessRecord() {
  return useMutation({
    mutationFn: (id: number) => apiSpec(`/user/access/${id}`, { method: 'DELETE', skip: formCodes }),
    onSuccess: refreshBoth,
  });
}
