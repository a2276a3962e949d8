import { queryOptions, useQuery } from '@tanstack/react-query';
import { feeStatusSchema, type FeeStatus } from '@starlight/contract/fees';
import { apiRequest } from '../../../lib/api-client';
import { applyFeeStatus, storedUserRecord } from '../fee-store';

export const feesKey = ['fees'] as const;
/** ARCHITECTURE §5: CPU-hours are cached for an hour; the status is re-read after a refusal or a change. */
export const cpuHoursStaleMs = 3600_000;

/** The user fee-status call, through the §4 rule (local record and flag). */
export async function getFeeStatus(signal?: AbortSignal): Promise<FeeStatus | null> {
  return applyFeeStatus(async () => {
    const envelope = await apiRequest('/fee/status', { signal, silent: true });
    return { code: envelope.code, spec: envelope.spec ? feeStatusSchema.parse(envelope.spec) : null };
  });
}

export const feeStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...feesKey, 'status'],
    queryFn: ({ signal }) => getFeeStatus(signal),
    // §4: the stored record shows at once (a placeholder, never taken as fresh); every mount asks again
    placeholderData: storedUserRecord()?.spec ?? undefined,
    staleTime: 0,
  });

export const useFeeStatus = () => useQuery(feeStatusQueryOptions());
