import { QueryClient } from '@tanstack/react-query';

// Errors are already reported by the call helper (toast or error page), so no retries that
// would toast the same failure three times.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
