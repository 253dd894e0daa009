import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

type Path = (string | number)[];

/**
 * A NUL, or a UTF-16 surrogate without its pair (JSON may spell one as `\ud800`): neither is text a
 * database column can hold as sent (PostgreSQL refuses NUL; a lone surrogate is not Unicode and
 * would be stored as U+FFFD or fail in a driver).
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or object key) holding a NUL or a lone surrogate, or null; `depth` bounds the walk. */
export function findNul(value: unknown, path: Path = [], depth = 0): Path | null {
  // The walk allocates nothing unless something is found (it runs on every request's input).
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && (typeof item === 'string' || typeof item === 'object') && findNul(item, path, depth + 1)) return findNul(item, [...path, i], depth + 1);
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (UNSTORABLE.test(key)) return [...path, key];
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && (typeof item === 'string' || typeof item === 'object') && findNul(item, path, depth + 1)) return findNul(item, [...path, key], depth + 1);
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, and a lone surrogate is not text at all: either in a string
 * would reach the database as a 500 or as a mangled value. No field of the API has a use for
 * them, so every request whose path parameters, query or JSON body holds one is refused here, before validation and the handler, as VALIDATION_FAILED
 * (400, localized "Invalid value", the field's path in `details`). Multipart fields are read by their
 * handlers and each is checked against a fixed list or a number format there.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const path = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
    if (!path) return done();
    done(new ZodError([{ code: 'custom', path, message: 'validation.invalid', input: undefined }]));
  });
}
