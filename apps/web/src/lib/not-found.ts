import { ApiError } from './http.ts';

/**
 * Whether a failed read means "there is no such thing": the server answered 404 (also for another
 * shop's object), or 400 because the id in the address cannot be one (e.g. `0`). Retrying either
 * cannot help, so the page shows "not found" with a way back instead of a retry.
 */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A database id from the address: a positive whole number (at most 2^31 − 1), else null. */
export function parseIdParam(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
