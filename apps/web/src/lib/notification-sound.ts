import { UI } from '@shopdesk/shared/constants';
import { createPreferenceStore } from './preference-store.ts';

/** The notification sound (SPEC §7): a short audio file served by the server. */
export const NOTIFICATION_SOUND_URL = '/voice';

/** Whether new notifications play the sound in this browser (on unless switched off). */
export const notificationSoundStore = createPreferenceStore<boolean>(
  'notificationSound',
  (raw) => raw !== 'off',
  (on) => (on ? 'on' : 'off'),
);

/** Whether a buyer's new chat message plays the sound in this browser (on unless switched off). */
export const chatSoundStore = createPreferenceStore<boolean>(
  'chatSound',
  (raw) => raw !== 'off',
  (on) => (on ? 'on' : 'off'),
);

let audio: HTMLAudioElement | null = null;

function soundElement(): HTMLAudioElement | null {
  if (typeof Audio === 'undefined') return null;
  if (!audio) {
    audio = new Audio(NOTIFICATION_SOUND_URL);
    audio.preload = 'auto';
    // SPEC §7: a sound that fails to load is ignored silently.
    audio.addEventListener('error', () => undefined);
  }
  return audio;
}

/**
 * Plays the notification sound once at volume 0.5 (SPEC §9). A failed load, or a browser that
 * refuses to play before the user has interacted with the page, is ignored silently.
 */
export function playNotificationSound(): void {
  const element = soundElement();
  if (!element) return;
  try {
    element.volume = UI.SOUND_VOLUME;
    element.currentTime = 0;
    const playing = element.play();
    if (playing && typeof playing.catch === 'function') playing.catch(() => undefined);
  } catch {
    // ignored: see above
  }
}
