import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSpec } from '../../../lib/api-client';

export async function cancelJob(cluster: string, jobId: string): Promise<void> {
  await apiSpec(`/job/job/${encodeURIComponent(cluster)}/${encodeURIComponent(jobId)}`, { method: 'DELETE' });
}

/** Cancels one job, then refreshes every job list and detail. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cluster, jobId }: { cluster: string; jobId: string }) => cancelJob(cluster, jobId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
