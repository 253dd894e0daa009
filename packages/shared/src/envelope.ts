import { z } from 'zod';

/**
 * The answer envelope of every JSON route (DESIGN §4): `{ code, msg, data }`, `code` 0 on success.
 * Routes declare `response: { 200: envelope(dataSchema) }`; the server serializes through it and
 * the OpenAPI document shows it.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** A success without data (`data: null`). */
export const emptyAnswer = envelope(z.null());

/** One page of a list: the rows, the total and the page asked for. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A refusal: non-zero `code`, a stable `error` key (packages/shared/errors.ts), a localized `msg`,
 * the request's id, and, for invalid input, the field-level `details`.
 */
export const errorEnvelope = z
  .object({
    code: z.number().int(),
    error: z.string(),
    msg: z.string(),
    data: z.unknown(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** The request's id (also its X-Request-Id header): shown with the error so it can be quoted to support. */
    requestId: z.string().optional(),
  });
export type ErrorAnswer = z.infer<typeof errorEnvelope>;

/** A CSV download (UTF-8 with a BOM): the body is a string, sent as text/csv. */
export const csvAnswer = {
  description: 'CSV file (UTF-8 with BOM)',
  content: { 'text/csv': { schema: z.string() } },
} as const;

/** A binary download (an image): documented, never serialized as JSON. */
export function binaryAnswer(contentTypes: readonly string[], description: string) {
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
  };
}
