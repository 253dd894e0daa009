import { Suspense } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './providers/query-client.ts';
import { AppRouter } from './router/router.tsx';

// The worker's messages load after the first page (the chunk is precached, so offline it is there).
const PwaPrompt = preloadableLazy(() => import('./pwa/pwa-prompt.tsx').then((m) => m.PwaPrompt));
export const preloadPwaPrompt = PwaPrompt.preload;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Suspense fallback={null}>
        <PwaPrompt />
      </Suspense>
    </QueryClientProvider>
  );
}
