import { z } from 'zod';
import { ORDERS } from './constants.ts';
import { percentToBp } from './products/pricing.ts';

/**
 * Validation message keys for the catalog, orders and reviews forms (the auth ones are `V` in
 * auth/schemas.ts). The server and the web app both translate these keys.
 */
export const VM = {
  required: 'validation.required',
  profitRatio: 'validation.profitRatio',
  discountRatio: 'validation.discountRatio',
  date: 'validation.date',
  dateRange: 'validation.dateRange',
  rating: 'validation.rating',
  ratingFilter: 'validation.ratingFilter',
  images: 'validation.images',
  phone: 'validation.phone',
  text: 'validation.text',
  quantityWhole: 'validation.quantityWhole',
  quantityMin: 'validation.quantityMin',
  quantityMax: 'validation.quantityMax',
} as const;

/**
 * How many of a product one order or cart line holds. Each broken limit has its own message, which
 * the server fills with the limit (`{min}`, `{max}`), so a buyer reads which one was broken.
 */
export const quantityField = z.coerce
  .number({ error: VM.quantityWhole })
  .int(VM.quantityWhole)
  .min(1, VM.quantityMin)
  .max(ORDERS.QUANTITY_MAX, VM.quantityMax);

export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** "true"/"false" in a query string (z.coerce.boolean would read "false" as true). */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * A ratio typed as a percent (20, "12.5") → integer basis points, within (minBp, maxBp].
 * `inclusiveMin` accepts minBp itself (a discount of 0 means none).
 */
export function percentField(message: string, range: { minBp: number; maxBp: number; inclusiveMin: boolean }) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const bp = percentToBp(value);
    const aboveMin = bp !== null && (range.inclusiveMin ? bp >= range.minBp : bp > range.minBp);
    if (bp === null || !aboveMin || bp > range.maxBp) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return bp;
  });
}

/**
 * A date or date-time (ISO 8601) → Date, or null to clear. A bare date (YYYY-MM-DD) means the
 * start of that day (UTC) or, with `endOfDay`, its last millisecond.
 */
export function dateField(endOfDay = false) {
  return z.union([z.string(), z.null()], { error: VM.date }).transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const text = value.trim();
    const bare = /^\d{4}-\d{2}-\d{2}$/.test(text);
    if (!bare && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: VM.date });
      return z.NEVER;
    }
    const date = new Date(bare ? `${text}T00:00:00.000Z` : text);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: VM.date });
      return z.NEVER;
    }
    return bare && endOfDay ? new Date(date.getTime() + 24 * 3600 * 1000 - 1) : date;
  });
}

/** A calendar day for list filters. */
export const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, VM.date);
