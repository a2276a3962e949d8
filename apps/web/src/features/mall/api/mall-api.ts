import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { goodsSchema, orderSchema, pointsRuleSchema, pointsSchema, type GoodsInput, type GoodsPatch, type OrderInput, type PointsRule } from '@starlight/contract/mall';
import { apiSpec } from '../../../lib/api-client';

const mallKey = ['mall'] as const;
type Page = { page: number; page_size: number };

export const usePoints = (page: Page) =>
  useQuery(queryOptions({ queryKey: [...mallKey, 'points', page], queryFn: async ({ signal }) => pointsSchema.parse(await apiSpec('/mall/points', { query: page, signal })), placeholderData: keepPreviousData }));
export const useGoods = (page: Page & { all?: boolean }) =>
  useQuery(queryOptions({ queryKey: [...mallKey, 'goods', page], queryFn: async ({ signal }) => listSchema(goodsSchema).parse(await apiSpec('/mall/goods', { query: page, signal })), placeholderData: keepPreviousData }));
export const useOrders = (page: Page & { scope: 'mine' | 'all' }) =>
  useQuery(queryOptions({ queryKey: [...mallKey, 'orders', page], queryFn: async ({ signal }) => listSchema(orderSchema).parse(await apiSpec('/mall/orders', { query: page, signal })), placeholderData: keepPreviousData }));

function useMallMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: mallKey }) });
}
export const usePlaceOrder = () => useMallMutation((input: OrderInput) => apiSpec('/mall/orders', { method: 'POST', body: input }));
export const useCreateGoods = () => useMallMutation((input: GoodsInput) => apiSpec('/mall/goods', { method: 'POST', body: input }));
export const useOrderAction = () => useMallMutation(({ id, action }: { id: number; action: 'fulfil' | 'refund' }) => apiSpec(`/mall/orders/${id}/${action}`, { method: 'POST' }));
export const usePatchGoods = () => useMallMutation(({ id, input }: { id: number; input: GoodsPatch }) => apiSpec(`/mall/goods/${id}`, { method: 'PATCH', body: input }));
export const useRules = () =>
  useQuery(queryOptions({ queryKey: [...mallKey, 'rules'], queryFn: async ({ signal }) => z.array(pointsRuleSchema).parse(await apiSpec('/mall/rules', { signal })) }));
export const useSetRule = () => useMallMutation((rule: PointsRule) => apiSpec('/mall/rules', { method: 'PUT', body: rule }));
