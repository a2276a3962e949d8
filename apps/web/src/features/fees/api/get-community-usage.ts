import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { communitySummarySchema, communityUsageSchema } from '@starlight/contract/fees';
import { apiBlob, apiSpec } from '../../../lib/api-client';
import { feesKey } from './get-fee-status';

export async function getCommunities(signal?: AbortSignal) {
  return z.array(communitySummarySchema).parse(await apiSpec('/fee/communities', { signal }));
}
export const useCommunities = () => useQuery(queryOptions({ queryKey: [...feesKey, 'communities'], queryFn: ({ signal }) => getCommunities(signal) }));

export async function getCommunityUsage(name: string, page: { page: number; page_size: number }, signal?: AbortSignal) {
  return communityUsageSchema.parse(await apiSpec(`/fee/community/${encodeURIComponent(name)}`, { query: page, signal }));
}
export const useCommunityUsage = (name: string, page: { page: number; page_size: number }) =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'community', name, page], queryFn: ({ signal }) => getCommunityUsage(name, page, signal), placeholderData: keepPreviousData }));

/** The community's groups as a CSV file, saved by the browser. */
export async function downloadCommunityCsv(name: string): Promise<void> {
  const { blob } = await apiBlob(`/fee/community/${encodeURIComponent(name)}/csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `community-${name}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
