import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/http.ts';

/**
 * Server state: no silent retries of refused requests, one retry after a network failure, none
 * after a timeout (the seller already waited UI.API_TIMEOUT_MS: the page says so, with a retry).
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean =>
  error instanceof ApiError && error.kind === 'network' && !error.timedOut && failureCount < 1;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetryQuery,
    },
    mutations: { retry: false },
  },
});
