import { z } from 'zod';
import { paged } from '../envelope.ts';
import { dayField, pageFields } from '../validation.ts';

/**
 * What a person did in a shop, for the activity log. The web translates each
 * action under `dashboard:activity.action.<action>`; `detail` carries the figures shown with it.
 */
export const ACTIVITY_ACTIONS = [
  'purchase',
  'refund_decided',
  'withdraw_applied',
  'deposit_applied',
  'settings_changed',
  'user_added',
  'user_updated',
  'user_deactivated',
  'user_reactivated',
  'password_reset',
  'fund_password_changed',
  'package_bought',
  'reward_claimed',
  'couple_requested',
  'couple_linked',
  'product_added',
  'product_updated',
  'review_replied',
  'new_device_sign_in',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_requirement_changed',
  'withdrawal_address_saved',
  'withdrawal_address_removed',
  'role_created',
  'role_updated',
  'role_deleted',
  'voucher_created',
  'voucher_updated',
  'voucher_ended',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Figures attached to an entry: amounts in cents, counts, order ids, keys the web translates. */
export type ActivityDetail = Record<string, string | number>;

export const activityEntry = z.object({
  id: z.number().int(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** Who did it; null when the system did (a job) or the user is gone. */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** What it was done to: an order id, a username, a product id… */
  subject: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityListBody = z.object({
  ...pageFields,
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  userId: z.coerce.number().int().positive().optional(),
  /** Day range, inclusive, in the seller's time zone (tzOffset minutes east of UTC). */
  from: dayField.optional(),
  to: dayField.optional(),
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type ActivityListBody = z.input<typeof activityListBody>;
export type ActivityListFilters = z.output<typeof activityListBody>;

export const activityListAnswer = paged(activityEntry);
export type ActivityListAnswer = z.infer<typeof activityListAnswer>;
