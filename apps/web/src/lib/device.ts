import { useSyncExternalStore } from 'react';
import { UI } from '@shopdesk/shared/constants';

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Windows Phone/i;

/** SPEC §2: a device is mobile if its user agent is a mobile one or its window is narrower than 768. */
export function isMobileDevice(userAgent: string, windowWidth: number): boolean {
  return MOBILE_UA.test(userAgent) || windowWidth < UI.MOBILE_BREAKPOINT;
}

export function detectMobile(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobileDevice(window.navigator.userAgent, window.innerWidth);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

/** Whether the current device counts as mobile; follows window resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, detectMobile, () => false);
}
