import { Suspense, lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './providers/query-client.ts';
import { AppRouter } from './router/router.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';

// The worker's messages load with the first render, after the page's own code (they are needed only
// once the worker registers, when the page is idle; the chunk is precached, so offline it is there).
const PwaPrompt = lazy(() => import('./pwa/pwa-prompt.tsx').then((m) => ({ default: m.PwaPrompt })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary scope="app">
        <AppRouter />
      </ErrorBoundary>
      <Suspense fallback={null}>
        <PwaPrompt />
      </Suspense>
    </QueryClientProvider>
  );
}
