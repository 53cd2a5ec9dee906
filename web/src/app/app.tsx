import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { LazyToaster } from '../lib/toaster.tsx';
import { AppRoutes } from './router.tsx';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network and server errors may.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
}

/**
 * The whole app under a router: the browser's (src/main.tsx) or the server's for one address
 * (src/entry-server.tsx), so both render the same tree and hydration matches.
 */
export function App({
  queryClient,
  router,
  hydrating,
}: {
  queryClient: QueryClient;
  router: (app: ReactNode) => ReactNode;
  hydrating: boolean;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {router(
          <AuthProvider hydrating={hydrating}>
            <AppRoutes />
            <LazyToaster />
          </AuthProvider>,
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}
