import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { labelSchema, type Label } from '@starlight/contract/labels';
import { apiSpec } from '../../../lib/api-client';

export interface LabelQuery {
  page: number;
  page_size: number;
  field_lk_name?: string;
  field_eq_name?: string;
  field_eq_label_type_id?: number;
  field_eq_label_type_name?: string;
}

const labelListSchema = listSchema(labelSchema);

export async function getLabels(query: LabelQuery, signal?: AbortSignal): Promise<List<Label>> {
  return labelListSchema.parse(await apiSpec('/label/label', { query: { ...query }, signal }));
}

export const labelsQueryKey = ['labels', 'labels'] as const;

export const labelsQueryOptions = (query: LabelQuery) =>
  queryOptions({
    queryKey: [...labelsQueryKey, query],
    queryFn: ({ signal }) => getLabels(query, signal),
    placeholderData: keepPreviousData,
  });

export const useLabels = (query: LabelQuery, enabled = true) => useQuery({ ...labelsQueryOptions(query), enabled });
