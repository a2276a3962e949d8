import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Code } from '@starlight/contract/codes';
import { listSchema } from '@starlight/contract/envelope';
import {
  connectSessionResultSchema,
  finalSessionStates,
  interactiveAppSchema,
  sessionOutputSchema,
  sessionSchema,
  type LaunchSessionInput,
  type Session,
} from '@starlight/contract/interactive';
import { apiSpec } from '../../../lib/api-client';

/** GET /session/apps: the interactive app kinds and their form fields. */
export const interactiveAppsQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'apps'],
    queryFn: async ({ signal }) => z.array(interactiveAppSchema).parse(await apiSpec('/session/apps', { signal })),
    staleTime: 3_600_000,
  });

const sessionList = listSchema(sessionSchema);
const isActive = (session: Session) => !finalSessionStates.includes(session.state);

/** GET /session/sessions: refreshed every 3 s while a session may still change (queued, starting, running). */
export function useSessions(activeOnly = false, enabled = true) {
  return useQuery({
    queryKey: ['session', 'list', activeOnly],
    queryFn: async ({ signal }) => sessionList.parse(await apiSpec('/session/sessions', { signal, query: { page_size: 50, active: activeOnly ? 'true' : undefined } })),
    refetchInterval: (query) => (query.state.data?.list.some(isActive) ? 3_000 : false),
    enabled,
  });
}

function useSessionMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['session', 'list'] }) });
}

/** POST /session/sessions; 1400 is shown on the form. */
export const useLaunchSession = () =>
  useSessionMutation(async (input: LaunchSessionInput) => sessionSchema.parse(await apiSpec('/session/sessions', { method: 'POST', body: input, skip: [Code.invalidInput], timeoutHeader: 30 })));

export const useEndSession = () => useSessionMutation(async (id: string) => sessionSchema.parse(await apiSpec(`/session/${id}`, { method: 'DELETE' })));

export const useRelaunchSession = () =>
  useSessionMutation(async (id: string) => sessionSchema.parse(await apiSpec(`/session/${id}/relaunch`, { method: 'POST', timeoutHeader: 30 })));

/** POST /session/:id/extend: more walltime for a running session (the scheduler's limits apply). */
export const useExtendSession = () =>
  useSessionMutation(async ({ id, hours }: { id: string; hours: number }) => sessionSchema.parse(await apiSpec(`/session/${id}/extend`, { method: 'POST', body: { hours } })));

/**
 * POST /session/:id/connect: where to open the session on the session origin (a single-use ticket in the URL), and the app's secret.
 * `missingIsMine`: no such session (1404, 1400) is the caller's to say (the desktop page), not a toast.
 */
export async function connectSession(id: string, missingIsMine = false) {
  const skip = missingIsMine ? [Code.notFound, Code.invalidInput] : [];
  return connectSessionResultSchema.parse(await apiSpec(`/session/${encodeURIComponent(id)}/connect`, { method: 'POST', skip }));
}

export function useSessionOutput(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['session', 'output', id],
    queryFn: async ({ signal }) => sessionOutputSchema.parse(await apiSpec(`/session/${id}/output`, { signal })),
    enabled,
  });
}
