import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  applicationSchema,
  approvalChainSchema,
  approvalRootSchema,
  requestablePartitionSchema,
  type ApplicationInput,
  type ApplicationKind,
  type ApprovalChainInput,
  type DecisionInput,
} from '@starlight/contract/approvals';
import { listSchema } from '@starlight/contract/envelope';
import { apiSpec } from '../../../lib/api-client';

const applicationList = listSchema(applicationSchema);
export type ApplicationScope = 'mine' | 'todo' | 'staff';
const scopePaths: Record<ApplicationScope, string> = { mine: '/apply/my-apply', todo: '/apply/todo', staff: '/approval/staff-approval' };

export interface ApplicationsQuery {
  page: number;
  pageSize: number;
  state?: string | undefined;
  kind?: ApplicationKind | undefined;
  applicant?: string | undefined;
}

/** Every approvals query sits under this key: a decision refreshes lists, details and the queue at once. */
const key = ['approvals'] as const;

export const useApplications = (scope: ApplicationScope, query: ApplicationsQuery) =>
  useQuery({
    queryKey: [...key, scope, query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      applicationList.parse(
        await apiSpec(scopePaths[scope], {
          query: { page: query.page, page_size: query.pageSize, field_eq_state: query.state, field_eq_kind: query.kind, field_lk_applicant: query.applicant || undefined },
          signal,
        }),
      ),
  });

export const useApplication = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async ({ signal }) => applicationSchema.parse(await apiSpec(`/apply/approval-details/${id}`, { signal })),
  });

export const useRequestablePartitions = () =>
  useQuery({ queryKey: [...key, 'partitions'], queryFn: async ({ signal }) => z.array(requestablePartitionSchema).parse(await apiSpec('/apply/partitions', { signal })) });

export const useApprovalRoots = () => useQuery({ queryKey: [...key, 'roots'], queryFn: async ({ signal }) => z.array(approvalRootSchema).parse(await apiSpec('/approval/approval-root', { signal })) });

export const useApprovalChains = () =>
  useQuery({ queryKey: [...key, 'chains'], queryFn: async ({ signal }) => z.array(approvalChainSchema).parse(await apiSpec('/approval/approval-nodes', { signal })) });

function useApprovalsMutation<T, R = unknown>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useApply = () =>
  useApprovalsMutation(async (input: Partial<ApplicationInput> & Pick<ApplicationInput, 'kind' | 'payload'>) => applicationSchema.parse(await apiSpec('/apply/applications', { method: 'POST', body: input })));

export const useDecide = (id: number) => useApprovalsMutation((input: DecisionInput) => apiSpec(`/apply/applications/${id}/decision`, { method: 'POST', body: input }));

export const useWithdraw = (id: number) => useApprovalsMutation(() => apiSpec(`/apply/applications/${id}/withdraw`, { method: 'POST' }));

export const useSetRoot = () =>
  useApprovalsMutation(({ kind, chainId }: { kind: ApplicationKind; chainId: number | null }) => apiSpec(`/approval/approval-root/${kind}`, { method: 'PATCH', body: { chain_id: chainId } }));

export const useApprovalChain = (id: number) =>
  useQuery({
    queryKey: [...key, 'chains', id],
    queryFn: async ({ signal }) => approvalChainSchema.parse(await apiSpec(`/approval/approval-nodes/${id}`, { signal })),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useSaveChain = () =>
  useApprovalsMutation(async ({ id, input }: { id: number | null; input: ApprovalChainInput }) =>
    approvalChainSchema.parse(
      await apiSpec(id === null ? '/approval/approval-nodes' : `/approval/approval-nodes/${id}`, { method: id === null ? 'POST' : 'PATCH', body: input }),
    ),
  );

export const useDeleteChain = () => useApprovalsMutation((id: number) => apiSpec(`/approval/approval-nodes/${id}`, { method: 'DELETE' }));
