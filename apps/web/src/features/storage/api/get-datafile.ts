import { useQuery } from '@tanstack/react-query';
import { datafileInfoSchema, type DatafileInfo } from '@starlight/contract/storage';
import { apiBlob, apiSpec } from '../../../lib/api-client';

/** What a shared link shows; public (no token header). */
export async function getDatafileInfo(token: string, signal?: AbortSignal): Promise<DatafileInfo> {
  return datafileInfoSchema.parse(await apiSpec('/datafile/info', { query: { token }, auth: false, signal, silent: true }));
}

export const useDatafileInfo = (token: string) =>
  useQuery({ queryKey: ['datafile', token], queryFn: ({ signal }) => getDatafileInfo(token, signal), enabled: token !== '', retry: false });

export async function getDatafileContent(token: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiBlob('/datafile/content', { query: { token }, auth: false, signal, timeoutMs: null, timeoutHeader: 3600 })).blob;
}
