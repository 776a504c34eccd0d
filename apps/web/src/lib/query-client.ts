import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's query settings; the server makes one client per page it renders (decision 081), the browser one for the visit. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not get better by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
