import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';

/** The browser's router, or on the server (build/prerender-entry.tsx) a memory router at the address being rendered. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** `client`: the server renders each page with a query client of its own (decision 081); the browser has one. */
export function App({ router, client = queryClient }: { router: AppRouter; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
