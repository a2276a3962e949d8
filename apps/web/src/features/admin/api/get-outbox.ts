import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { outboxListSchema } from '@starlight/contract/verification';
import type { QueryParams } from '@starlight/contract/query';
import { apiSpec } from '../../../lib/api-client';

/** GET /system/outbox: newest first, paged on the server; every read is audited there, so no background refetch. */
export const useOutbox = (filters: QueryParams) =>
  useQuery({
    queryKey: ['admin', 'outbox', filters] as const,
    queryFn: async ({ signal }) => outboxListSchema.parse(await apiSpec('/system/outbox', { query: filters, signal })),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
