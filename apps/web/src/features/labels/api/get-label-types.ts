import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema } from '@starlight/contract/envelope';
import { labelTypeSchema, type LabelType } from '@starlight/contract/labels';
import type { List } from '@starlight/contract/envelope';
import { apiSpec } from '../../../lib/api-client';

export interface LabelTypeQuery {
  page: number;
  page_size: number;
  field_lk_name?: string;
  field_eq_name?: string;
}

const labelTypeListSchema = listSchema(labelTypeSchema);

export async function getLabelTypes(query: LabelTypeQuery, signal?: AbortSignal): Promise<List<LabelType>> {
  return labelTypeListSchema.parse(await apiSpec('/label/type', { query: { ...query }, signal }));
}

export const labelTypesQueryKey = ['labels', 'types'] as const;

export const labelTypesQueryOptions = (query: LabelTypeQuery) =>
  queryOptions({
    queryKey: [...labelTypesQueryKey, query],
    queryFn: ({ signal }) => getLabelTypes(query, signal),
    placeholderData: keepPreviousData,
  });

export const useLabelTypes = (query: LabelTypeQuery) => useQuery(labelTypesQueryOptions(query));
