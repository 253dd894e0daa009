import { z } from 'zod';

/** Requests and answers of `/api/systemSettings/*` and the health check. */

/** `shopId` as the spec shows it; any shop but the caller's answers 404. */
export const shopIdQuery = z.object({ shopId: z.coerce.number().int().positive().optional() });

/** The shop VIP level (0–7), its cumulative top-up (cents) and the top-up the next level needs (null at the top). */
export const userLevel = z.object({ level: z.number().int(), topUpCents: z.number().int(), nextLevelTopUpCents: z.number().int().nullable() });
export type UserLevel = z.infer<typeof userLevel>;

/** Settings the web app needs before login. */
export const publicConfig = z.object({ customerServiceUrl: z.string(), siteName: z.string() });
export type PublicConfig = z.infer<typeof publicConfig>;

export const healthAnswer = z.object({ db: z.string() });

/**
 * The readiness check (`/api/health/ready`): each part `up` or `down` (`off` for Redis when it is
 * not configured), and whether this instance is stopping. 200 when all are fine, 503 otherwise (a
 * proxy takes the instance out meanwhile).
 */
export const readinessAnswer = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending']),
  redis: z.enum(['up', 'down', 'off']),
  stopping: z.boolean(),
});
export type Readiness = z.infer<typeof readinessAnswer>;
