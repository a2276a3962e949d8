import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { allocationSchema, memberUsageSchema, type MemberLimitInput, type MemberUsageQuery } from '@starlight/contract/fees';
import { apiSpec } from '../../../lib/api-client';
import { feesKey } from './get-fee-status';

export type MemberUsageParams = Partial<Pick<MemberUsageQuery, 'group_id' | 'field_lk_user_name'>> & { page: number; page_size: number };

/** The group board's member lines, paged on the server. */
export async function getMemberUsage(params: MemberUsageParams, signal?: AbortSignal) {
  return listSchema(memberUsageSchema).parse(await apiSpec('/fee/userlevel/cpuhours', { query: params, signal }));
}
export const useMemberUsage = (params: MemberUsageParams) =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'members', params], queryFn: ({ signal }) => getMemberUsage(params, signal), placeholderData: keepPreviousData }));

/** A group administrator's limit for one member (null: remove it). */
export async function setMemberLimit(userId: number, input: MemberLimitInput) {
  return z.object({ allocation: allocationSchema.nullable(), warnings: z.array(z.string()) }).parse(await apiSpec(`/fee/userlevel/cpuhours/${userId}`, { method: 'POST', body: input }));
}
export function useSetMemberLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: MemberLimitInput }) => setMemberLimit(userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feesKey }),
  });
}
