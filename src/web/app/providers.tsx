import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { retryDelay, retryTransient } from '../lib/query-retry';

// A refusal shows at once (with the screen's retry button); only a network failure or a 503
// is retried, quietly, while the screen shows it is loading (src/web/lib/query-retry.ts).
// Queries refetch on focus only where they ask to (the standings); mutations never retry.
// networkMode 'always': a phone that says it is offline still tries, and a failure shows the
// screen's designed error and retry button rather than a wait with no end (ADR 0029).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      refetchOnWindowFocus: false,
      retry: retryTransient,
      retryDelay,
    },
    mutations: { networkMode: 'always' },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
