import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { reserveAttempt } from './login-throttle.ts';

/**
 * Requests anyone may send without a session (a password reset, a registration) are limited per
 * address on the login throttle's table: `free` of them per failure window, then each further one
 * waits, doubling (login-throttle.ts). Every request counts; none is ever "right". 0 turns it off.
 */
export async function requestThrottled(db: Db, key: string, free: number): Promise<void> {
  if (free <= 0) return;
  const reserved = await reserveAttempt(db, [{ key, free, onSuccess: 'release' }]);
  if (!reserved.ok) throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(reserved.waitMs / 1000)) });
}
