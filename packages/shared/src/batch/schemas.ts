import { z } from 'zod';
import { BATCH } from '../constants.ts';

/** Requests and answers of `POST /api/batch` (constants.ts BATCH). */

/** One GET: a batchable route (without `/api`) and its query. */
export const batchGet = z.object({
  path: z.enum(BATCH.PATHS),
  query: z.record(z.string().regex(/^[A-Za-z]{1,40}$/), z.union([z.string().max(200), z.number()])).optional(),
});
export type BatchGet = z.infer<typeof batchGet>;

export const batchBody = z.object({ requests: z.array(batchGet).min(1).max(BATCH.MAX_REQUESTS) });

/** Each GET's answer in the order asked: its HTTP status and its JSON body (the route's own envelope), null when it had none. */
export const batchAnswer = z.array(z.object({ status: z.number().int(), body: z.unknown() }));
export interface BatchAnswerItem {
  status: number;
  body: unknown;
}
