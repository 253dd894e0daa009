import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/http.ts';

/** Server state: no silent retries of refused requests, one retry after a network failure. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => error instanceof ApiError && error.kind === 'network' && failureCount < 1,
    },
    mutations: { retry: false },
  },
});
