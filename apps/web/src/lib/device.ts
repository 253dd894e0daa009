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
/** Set by a resize: the next read measures again. */
let stale = true;
/** Measures now: reading `innerWidth` lays out the page first when it has pending changes. */
export function detectMobile(): boolean {
  if (typeof window === 'undefined') return false;
  lastAnswer = isMobileDevice(window.navigator.userAgent, window.innerWidth, lastAnswer);
  stale = false;
  return lastAnswer;
}

/**
 * The answer, measured again only after a resize: React reads it on every render and commit of a
 * component that follows it, and a measure there forced a layout of the half-built page (~9 ms of a
 * phone's start).
 */
function currentAnswer(): boolean {
  return stale ? detectMobile() : lastAnswer!;
}

const RESIZES = ['resize', 'orientationchange'] as const;
if (typeof window !== 'undefined') for (const type of RESIZES) window.addEventListener(type, () => (stale = true));

function subscribe(onChange: () => void): () => void {
  for (const type of RESIZES) window.addEventListener(type, onChange);
  return () => {
    for (const type of RESIZES) window.removeEventListener(type, onChange);
  };
}

/** Whether the current device counts as mobile; follows window resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, currentAnswer, () => false);
}
