import { QueryClient } from '@tanstack/react-query';

// Errors are already shown as toasts by the API client: retrying would repeat them.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
