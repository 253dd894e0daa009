/** Notification title and content codes of SPEC §3. */
/** 0–2 are the spec's; ours: 3 wallet decisions, 4 promotion packages, 5 a bonus ready to claim (docs/decisions.md, "A bonus ready to claim has its own notification title"). */
export const NOTIFICATION_TITLE = { NEW_ORDER: 0, REFUND_REQUEST: 1, COUPLE_OR_ACTIVITY: 2, WALLET: 3, PROMOTION: 4, REWARD: 5, SECURITY: 6 } as const;
/** 0–2 are the spec's; 3 onwards are ours: wallet decisions, package expiry, couple answers, rewards (docs/decisions.md, "Operator notices"). */
export const NOTIFICATION_CONTENT = {
  NEW_ORDER: 0,
  REFUND_REQUEST: 1,
  COUPLE_REQUEST: 2,
  DEPOSIT_APPROVED: 3,
  DEPOSIT_REJECTED: 4,
  WITHDRAWAL_APPROVED: 5,
  WITHDRAWAL_COMPLETED: 6,
  WITHDRAWAL_FAILED: 7,
  WITHDRAWAL_REJECTED: 8,
  WITHDRAWAL_PROCESSING: 9,
  PACKAGE_EXPIRING: 10,
  PACKAGE_EXPIRED: 11,
  COUPLE_ACCEPTED: 12,
  COUPLE_DECLINED: 13,
  REWARD_CLAIMABLE: 14,
  /** A member signed in from a device the account never used before. */
  NEW_DEVICE_SIGN_IN: 15,
  /** A withdrawal address was saved: usable after the cool-down. */
  WITHDRAWAL_ADDRESS_SAVED: 16,
} as const;

/** One notification message (SPEC §3, §7); the zod schema is in ./schemas.ts. */
export interface NotificationMessage {
  id: number;
  title: number;
  content: number;
  /** ISO 8601. */
  createdAt: string;
  unread: boolean;
  orderId: string | null;
  /** An order's notification (new order, refund request): the product and its variant ('' without options), for the text. */
  productName?: string;
  variantName?: string;
}

/** The stream's refusal event: `data: {"code":401}`, then the stream closes (SPEC §7). */
export const STREAM_UNAUTHORIZED = { code: 401 } as const;
