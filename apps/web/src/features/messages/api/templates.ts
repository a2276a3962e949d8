import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUserListSchema, communityListSchema, groupListSchema } from '@starlight/contract/admin';
import { listSchema } from '@starlight/contract/envelope';
import { templateSchema, templateSendStateSchema, type MessageTemplate, type TemplateInput, type TemplateSendInput } from '@starlight/contract/message-templates';
import { apiSpec } from '../../../lib/api-client';

const key = ['message-templates'] as const;

export const useTemplates = (page: number, pageSize: number, name: string) =>
  useQuery({
    queryKey: [...key, page, pageSize, name] as const,
    queryFn: async ({ signal }) => listSchema(templateSchema).parse(await apiSpec('/message/template', { query: { page, page_size: pageSize, field_lk_name: name.trim() || undefined }, signal })),
    placeholderData: keepPreviousData,
  });

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: TemplateInput }): Promise<MessageTemplate> =>
      templateSchema.parse(await apiSpec(id ? `/message/template/${id}` : '/message/template', { method: id ? 'PATCH' : 'POST', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => apiSpec(`/message/template/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useStartSend = () =>
  useMutation({ mutationFn: async (input: TemplateSendInput) => templateSendStateSchema.parse(await apiSpec('/message/template/send', { method: 'POST', body: input })) });

/** A send's progress, asked every second until it is done. */
export const useSendState = (id: number | null) =>
  useQuery({
    queryKey: ['message-template-send', id] as const,
    enabled: id !== null,
    queryFn: async ({ signal }) => templateSendStateSchema.parse(await apiSpec(`/message/template/send/${id}`, { signal })),
    refetchInterval: (query) => (query.state.data?.state === 'done' ? false : 1000),
  });

/** Who a send can reach: users, groups and communities by name (the first page that matches). */
export const useRecipientOptions = (kind: 'users' | 'groups' | 'communities', search: string) =>
  useQuery({
    queryKey: ['message-send-options', kind, search] as const,
    queryFn: async ({ signal }): Promise<{ value: number; label: string }[]> => {
      const q = search.trim() || undefined;
      if (kind === 'users')
        return adminUserListSchema.parse(await apiSpec('/user/user', { query: { page: 1, page_size: 50, field_lk_user_name: q }, signal })).list.map((u) => ({ value: u.id, label: u.user_name }));
      if (kind === 'groups') return groupListSchema.parse(await apiSpec('/user/groups', { query: { page: 1, page_size: 50, field_lk_name: q }, signal })).list.map((g) => ({ value: g.id, label: g.name }));
      return communityListSchema.parse(await apiSpec('/community/user/communities', { query: { page: 1, page_size: 50, field_lk_name: q }, signal })).list.map((c) => ({ value: c.id, label: c.name }));
    },
    placeholderData: keepPreviousData,
  });
