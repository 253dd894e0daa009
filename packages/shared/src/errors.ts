/**
 * The error catalogue shared by server and web (DESIGN §4). Every failure answers
 * `{ code, msg, error }` with the HTTP status below; `msg` is localized by the server.
 * Body code 401 is reserved for "no or expired session" (SPEC §8), -1 for a wrong old password.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, code: 1000 },
  BAD_REQUEST: { status: 400, code: 1001 },
  UNAUTHORIZED: { status: 401, code: 401 },
  INVALID_CREDENTIALS: { status: 401, code: 1002 },
  FORBIDDEN: { status: 403, code: 403 },
  NOT_FOUND: { status: 404, code: 404 },
  CONFLICT: { status: 409, code: 409 },
  IDEMPOTENCY_KEY_REUSED: { status: 409, code: 1003 },
  PAYLOAD_TOO_LARGE: { status: 413, code: 413 },
  WRONG_OLD_PASSWORD: { status: 422, code: -1 },
  PASSWORDS_DO_NOT_MATCH: { status: 400, code: 1004 },
  SAME_PASSWORD: { status: 422, code: 1005 },
  LOGIN_LOCKED: { status: 429, code: 1006 },
  TOO_MANY_REQUESTS: { status: 429, code: 429 },
  /** Too many wrong answers to a secret other than the login (the old password of a change): names the wait. */
  TOO_MANY_ATTEMPTS: { status: 429, code: 1007 },
  /** The general rate limit (per session and per address): names the wait; Retry-After carries it. */
  RATE_LIMITED: { status: 429, code: 1008 },
  FUND_PASSWORD_NOT_SET: { status: 422, code: 1010 },
  FUND_PASSWORD_ALREADY_SET: { status: 409, code: 1011 },
  FUND_PASSWORD_WRONG: { status: 422, code: 1012 },
  FUND_PASSWORD_LOCKED: { status: 429, code: 1013 },
  INSUFFICIENT_BALANCE: { status: 422, code: 1020 },
  AMOUNT_BELOW_MIN: { status: 400, code: 1021 },
  AMOUNT_ABOVE_MAX: { status: 400, code: 1022 },
  INVALID_AMOUNT: { status: 400, code: 1023 },
  SHOP_FROZEN: { status: 422, code: 1024 },
  CREDIT_TOO_LOW: { status: 422, code: 1025 },
  WITHDRAW_METHOD_UNSUPPORTED: { status: 422, code: 1026 },
  INVALID_FILE_TYPE: { status: 400, code: 1027 },
  FILE_TOO_LARGE: { status: 413, code: 1028 },
  FILE_REQUIRED: { status: 400, code: 1029 },
  INVALID_STATE: { status: 409, code: 1030 },
  /** A transfer would take a ledger balance beyond MONEY.BALANCE_MAX_CENTS (so no figure is ever rounded). */
  BALANCE_LIMIT: { status: 422, code: 1031 },
  /** The amount reaches into settlement still in its holding period (withdrawable later). */
  SETTLEMENT_HELD: { status: 422, code: 1032 },
  PROMOTION_NOT_ACTIVE: { status: 422, code: 1040 },
  RECOMMEND_NEW_LIMIT: { status: 422, code: 1041 },
  RECOMMEND_PLAN_LIMIT: { status: 422, code: 1042 },
  RECOMMEND_MIN_ON_SALE: { status: 422, code: 1043 },
  NO_SELECTION: { status: 400, code: 1044 },
  DISCOUNT_DATES_REQUIRED: { status: 400, code: 1045 },
  PRODUCT_NOT_ON_SALE: { status: 422, code: 1046 },
  OUT_OF_STOCK: { status: 422, code: 1047 },
  ALREADY_PURCHASED: { status: 409, code: 1050 },
  ORDER_CANCELLED: { status: 409, code: 1051 },
  ALREADY_REPLIED: { status: 409, code: 1052 },
  ALREADY_DECIDED: { status: 409, code: 1053 },
  REFUND_PENDING: { status: 409, code: 1054 },
  REFUND_ALREADY_REQUESTED: { status: 409, code: 1055 },
  REFUND_WINDOW_CLOSED: { status: 422, code: 1056 },
  REJECT_REASON_REQUIRED: { status: 400, code: 1057 },
  ALREADY_REVIEWED: { status: 409, code: 1058 },
  REVIEW_NOT_ALLOWED: { status: 409, code: 1059 },
  // promotion packages (codes 1060–1069)
  PACKAGE_PURCHASE_FAILED: { status: 422, code: 1060 },
  PACKAGE_DOWNGRADE_REFUSED: { status: 409, code: 1061 },
  // reward activities: shop upgrade, couple linking (codes 1070–1089)
  REWARD_NOT_REACHED: { status: 422, code: 1070 },
  REWARD_ALREADY_RECEIVED: { status: 409, code: 1071 },
  REWARD_NOT_LINKED: { status: 422, code: 1072 },
  COUPLE_OWN_SHOP: { status: 422, code: 1075 },
  COUPLE_SHOP_UNKNOWN: { status: 422, code: 1076 },
  COUPLE_ALREADY_LINKED: { status: 409, code: 1077 },
  COUPLE_PARTNER_LINKED: { status: 409, code: 1078 },
  COUPLE_REQUEST_PENDING: { status: 409, code: 1079 },
  COUPLE_PARTNER_PENDING: { status: 409, code: 1080 },
  COUPLE_REQUEST_CLOSED: { status: 409, code: 1081 },
  // users, roles, shop and general settings (codes 1090–1109)
  ACCOUNT_INACTIVE: { status: 401, code: 1090 },
  USERNAME_TAKEN: { status: 409, code: 1091 },
  LAST_ADMIN: { status: 422, code: 1092 },
  LOGO_INVALID_TYPE: { status: 400, code: 1093 },
  LOGO_TOO_LARGE: { status: 413, code: 1094 },
  LOGO_REQUIRED: { status: 400, code: 1095 },
  /** A new login password the strength estimator guesses too easily; `data.reason` names why. */
  PASSWORD_TOO_WEAK: { status: 422, code: 1096 },
  // dashboard, shop health, activity log (codes 1110–1119)
  // the mall: addresses, coupons (codes 1120–1139)
  ADDRESS_LIMIT: { status: 422, code: 1120 },
  COUPON_EXPIRED: { status: 422, code: 1121 },
  COUPON_LIMIT: { status: 409, code: 1122 },
  COUPON_MIN_SPEND: { status: 422, code: 1123 },
  COUPON_USED: { status: 409, code: 1124 },
  /** Demo money exists only in demo mode: outside it a buyer's wallet is funded by an approved deposit. */
  DEMO_TOPUP_OFF: { status: 403, code: 1125 },
  DEPOSITS_PENDING_LIMIT: { status: 429, code: 1126 },
  /** A payment method with no payment provider behind it (outside demo mode: cards and direct USDT). */
  PAYMENT_METHOD_UNAVAILABLE: { status: 422, code: 1127 },
  /** The buyer is linked to the shop (its own account, contact or withdrawal address): a shop cannot be its own buyer. */
  SELF_PURCHASE: { status: 422, code: 1128 },
  /** A withdrawal to an address that funded purchases from this same shop. */
  SELF_PURCHASE_ADDRESS: { status: 422, code: 1129 },
  // the way back in: password resets, registrations (codes 1140–1149)
  SHOP_PENDING_APPROVAL: { status: 403, code: 1140 },
  SHOP_REJECTED: { status: 403, code: 1141 },
  RESET_LINK_INVALID: { status: 404, code: 1142 },
  RESET_LINK_EXPIRED: { status: 409, code: 1143 },
  RESET_LINK_USED: { status: 409, code: 1144 },
  // operators and the second factor (codes 1150–1159)
  LAST_SUPER_ADMIN: { status: 422, code: 1150 },
  /** The login's second step (its challenge) is unknown, used or expired: log in again. */
  TWO_FACTOR_CHALLENGE_INVALID: { status: 401, code: 1151 },
  TWO_FACTOR_CODE_WRONG: { status: 422, code: 1152 },
  TWO_FACTOR_ALREADY_ENROLLED: { status: 409, code: 1153 },
  INTERNAL: { status: 500, code: 500 },
  /** The database (or the instance) cannot serve right now: a restart, a failover, a shutdown. Retry-After says when to try again. */
  SERVICE_UNAVAILABLE: { status: 503, code: 503 },
} as const;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

/** The envelope every API answer uses. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  error?: ErrorKey;
  /** Field-level validation issues, with localized messages. */
  details?: { path: string; message: string }[];
  /** On a refusal: the request's id (its X-Request-Id), to quote to support. */
  requestId?: string;
}
