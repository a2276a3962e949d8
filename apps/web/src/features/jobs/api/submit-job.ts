import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Code } from '@starlight/contract/codes';
import { jobSubmitResultSchema, type JobSubmitInput, type JobSubmitResult } from '@starlight/contract/jobs';
import { apiSpec } from '../../../lib/api-client';

/** POST /job/jobs. 1400 is answered on the form's fields, not by a toast. */
export async function submitJob(input: JobSubmitInput): Promise<JobSubmitResult> {
  return jobSubmitResultSchema.parse(await apiSpec('/job/jobs', { method: 'POST', body: input, skip: [Code.invalidInput], timeoutHeader: 15 }));
}

export function useSubmitJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] }),
  });
}
