import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  linkLabelTypeName,
  transferClientLinkName,
  transferClientVersionName,
  type Label,
  type TransferClientPlatform,
} from '@starlight/contract/labels';
import { resolveTransferClient, type LinkLookup, type TransferClient } from '../link-settings';
import { getLabelTypes } from './get-label-types';
import { getLabels } from './get-labels';
import { createLabel, createLabelType, updateLabel } from './manage-labels';

const lookupWith =
  (signal?: AbortSignal): LinkLookup =>
  async (name) =>
    (await getLabels({ page: 1, page_size: 1, field_eq_label_type_name: linkLabelTypeName, field_eq_name: name }, signal)).list[0] ?? null;

export const transferClientQueryKey = ['labels', 'link', 'transfer-client'] as const;

export const transferClientQueryOptions = () =>
  queryOptions({ queryKey: transferClientQueryKey, queryFn: ({ signal }) => resolveTransferClient(lookupWith(signal)) });

export const useTransferClient = () => useQuery(transferClientQueryOptions());

export interface TransferClientValues {
  version: string;
  urls: Partial<Record<TransferClientPlatform, string>>;
}

/** Creates the `link` type when absent, then writes each setting (patching those that exist). */
export async function saveTransferClient(values: TransferClientValues): Promise<void> {
  const types = await getLabelTypes({ page: 1, page_size: 1, field_eq_name: linkLabelTypeName });
  if (!types.list.some((t) => t.name === linkLabelTypeName)) await createLabelType({ name: linkLabelTypeName, description: 'Link settings' });
  const lookup = lookupWith();
  const put = async (name: string, value: string, existing?: Label | null): Promise<void> => {
    const current = existing === undefined ? await lookup(name) : existing;
    if (current) {
      if (current.description !== value) await updateLabel(current.id, { description: value });
    } else if (value !== '') await createLabel({ name, description: value, label_type_name: linkLabelTypeName });
  };
  await put(transferClientVersionName, values.version);
  for (const [platform, url] of Object.entries(values.urls) as [TransferClientPlatform, string][])
    await put(transferClientLinkName(values.version, platform), url.trim());
}

export function useSaveTransferClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTransferClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['labels'] }),
  });
}

export type { TransferClient };
