import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

type Path = (string | number)[];

/** The path of the first string (or object key) holding a NUL character, or null; `depth` bounds the walk. */
export function findNul(value: unknown, path: Path = [], depth = 0): Path | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any string would reach the database as a 500.
 * No field of the API has a use for it, so every request whose path parameters, query or
 * JSON body holds one is refused here, before validation and the handler, as VALIDATION_FAILED
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
