import { useSyncExternalStore } from 'react';
import { UI } from '@shopdesk/shared/constants';

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Windows Phone/i;

/**
 * Narrower than this is no window a person works in (the narrowest phones are 280–320 CSS px): a
 * minimized or hidden window, or a tool's momentary 1×1 resize (Playwright's full-page screenshot).
 * Such a width keeps the layout it had instead of switching to the phone's and back, which would
 * remount the app under /m/… and lose open dialogs.
 */
const NO_LAYOUT_WIDTH = 200;

/**
 * SPEC §2: a device is mobile if its user agent is a mobile one or its window is narrower than 768.
 * `previous` is the answer before a resize: kept while the width is below NO_LAYOUT_WIDTH.
 */
export function isMobileDevice(userAgent: string, windowWidth: number, previous?: boolean): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  if (windowWidth < NO_LAYOUT_WIDTH && previous !== undefined) return previous;
  return windowWidth < UI.MOBILE_BREAKPOINT;
}

let lastAnswer: boolean | undefined;
export function detectMobile(): boolean {
  if (typeof window === 'undefined') return false;
  lastAnswer = isMobileDevice(window.navigator.userAgent, window.innerWidth, lastAnswer);
  return lastAnswer;
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
