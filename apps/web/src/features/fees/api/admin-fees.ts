import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { accountFlagSchema, allocationSchema, feeSettingsSchema, priceSchema, unpricedPartitionSchema, type AccountFlagInput, type AllocationInput, type AllocationPatch, type FeeSettings, type PriceInput } from '@starlight/contract/fees';
import { apiSpec } from '../../../lib/api-client';
import { feesKey } from './get-fee-status';

type Page = { page: number; page_size: number };

export const usePrices = (page: Page) =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'prices', page], queryFn: async ({ signal }) => listSchema(priceSchema).parse(await apiSpec('/fee/prices', { query: page, signal })), placeholderData: keepPreviousData }));
export const useUnpriced = () =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'unpriced'], queryFn: async ({ signal }) => z.array(unpricedPartitionSchema).parse(await apiSpec('/fee/prices/unpriced', { signal })) }));
export const useAllocations = (page: Page) =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'allocations', page], queryFn: async ({ signal }) => listSchema(allocationSchema).parse(await apiSpec('/fee/allocations', { query: page, signal })), placeholderData: keepPreviousData }));

function useFeesMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: feesKey }) });
}
export const useCreatePrice = () => useFeesMutation((input: PriceInput) => apiSpec('/fee/prices', { method: 'POST', body: input }));
export const useDeletePrice = () => useFeesMutation((id: number) => apiSpec(`/fee/prices/${id}`, { method: 'DELETE' }));
export const useCreateAllocation = () => useFeesMutation((input: AllocationInput) => apiSpec('/fee/allocations', { method: 'POST', body: input }));
export const usePatchAllocation = () => useFeesMutation(({ id, input }: { id: number; input: AllocationPatch }) => apiSpec(`/fee/allocations/${id}`, { method: 'PATCH', body: input }));
export const useFlags = (page: Page) =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'flags', page], queryFn: async ({ signal }) => listSchema(accountFlagSchema).parse(await apiSpec('/fee/flags', { query: page, signal })), placeholderData: keepPreviousData }));
export const useSetFlag = () => useFeesMutation(({ userName, input }: { userName: string; input: AccountFlagInput }) => apiSpec(`/fee/flags/${encodeURIComponent(userName)}`, { method: 'PUT', body: input }));
export const useFeeSettings = () =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'settings'], queryFn: async ({ signal }) => feeSettingsSchema.parse(await apiSpec('/fee/settings', { signal })) }));
export const useSetFeeSettings = () => useFeesMutation((input: FeeSettings) => apiSpec('/fee/settings', { method: 'PUT', body: input }));
