import type { LanguageCode } from '@shopdesk/shared/languages';

/**
 * A wait in the reader's language ("45 seconds", "2 分钟"), for refusals that say how long to wait
 * (LOGIN_LOCKED, TOO_MANY_ATTEMPTS, RATE_LIMITED): seconds under a minute, else whole minutes
 * rounded up.
 */
export function waitText(lang: LanguageCode, seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [value, unit] = whole < 60 ? [whole, 'second'] : [Math.ceil(whole / 60), 'minute'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
