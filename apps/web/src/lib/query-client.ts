import { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './session-store';

/**
 * One client for the app (loaded with the shell, not the login page). The api client already tells
 * the user about failures, so no retries; a new or ended session starts from an empty cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

onSessionChange(() => queryClient.clear());
