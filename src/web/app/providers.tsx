import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '../lib/query';
import { retryDelay, retryTransient } from '../lib/query-retry';

// A refusal shows at once (with the screen's retry button); only a network failure or a 503
// is retried, quietly, while the screen shows it is loading (src/web/lib/query-retry.ts).
const queryClient = new QueryClient({ retry: retryTransient, retryDelay });

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
