import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const isHidden = () => document.visibilityState === 'hidden';

/** Whether the browser tab is in the background. */
export function usePageHidden(): boolean {
  return useSyncExternalStore(subscribe, isHidden, () => false);
}
