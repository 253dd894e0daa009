import { ERRORS, type ErrorKey } from '@shopdesk/shared/errors';

/** A refusal the client should see: a stable key, its HTTP status and body code, and message params. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.status = ERRORS[key].status;
    this.code = ERRORS[key].code;
  }
}
