/**
 * Every business constant of SPEC §9, defined once. Money is in integer cents of USDT,
 * rates in basis points (1% = 100 bp).
 */
import { HOUR_MS, MINUTE_MS } from './time.ts';
import type { Permission } from './users/permission-rules.ts';

export const CENTS_PER_UNIT = 100;

export const AUTH = {
  USERNAME_MIN: 3,
  USERNAME_MAX: 20,
  PASSWORD_MIN: 6,
  PASSWORD_MAX: 20,
  /** The least strength estimator score (0–4) a new login password needs (docs/decisions.md, "Login password strength"). */
  PASSWORD_MIN_SCORE: 2,
  FUND_PASSWORD_LENGTH: 6,
  /** Session lifetime when "remember me" is ticked, and when it is not. */
  SESSION_TTL_REMEMBER_MS: 30 * 24 * 3600 * 1000,
  SESSION_TTL_MS: 12 * 3600 * 1000,
  /** Failed logins: after SLOWDOWN_AFTER failures on an account and address, each wrong answer is held back SLOWDOWN_STEP_MS more. */
  LOGIN_SLOWDOWN_AFTER: 3,
  LOGIN_SLOWDOWN_STEP_MS: 500,
  /**
   * Secret checks (docs/decisions.md, "Login and secret throttling"): failures a key allows
   * before each further one makes it wait, from DELAY_BASE_MS doubling up to DELAY_MAX_MS. Keys:
   * an account from one address; an account from addresses it has not signed in from lately; any
   * account from one address; the old password of a password change.
   */
  LOGIN_FREE_FAILURES_PAIR: 5,
  LOGIN_FREE_FAILURES_ACCOUNT: 10,
  LOGIN_FREE_FAILURES_ADDRESS: 20,
  PASSWORD_CHANGE_FREE_FAILURES: 5,
  LOGIN_DELAY_BASE_MS: 30 * 1000,
  LOGIN_DELAY_MAX_MS: 15 * 60 * 1000,
  /** Failures are forgotten this long after the last one. */
  LOGIN_FAILURE_WINDOW_MS: 15 * 60 * 1000,
  /** An address that signed in to an account is trusted for it this long (the account-wide and address keys skip it). */
  LOGIN_TRUST_MS: 30 * 24 * 3600 * 1000,
  /** How long the record of secret checks (auth_attempts) is kept. */
  ATTEMPT_RECORD_KEEP_MS: 30 * 24 * 3600 * 1000,
  /** Wrong fund-password attempts before fund operations lock, and for how long. */
  FUND_PASSWORD_MAX_ATTEMPTS: 5,
  FUND_PASSWORD_LOCK_MS: 30 * 60 * 1000,
  /**
   * An attempt in flight (reserved, not yet compared) counts toward FUND_PASSWORD_MAX_ATTEMPTS for
   * at most this long: one that never reaches a verdict (its process died) stops counting by
   * itself. A compare takes well under a second.
   */
  FUND_PASSWORD_RESERVATION_MS: 5 * 1000,
} as const;

/**
 * The way back in (forgot password, register): a reset link an operator approves is valid this
 * long and works once; requests and registrations from one address are limited like secret checks
 * (each beyond the free ones waits, doubling from AUTH.LOGIN_DELAY_BASE_MS).
 */
/**
 * The TOTP second factor (RFC 6238; docs/decisions.md, "Operators' second factor"): 6 digits every
 * 30 s, a code of the step before or after is accepted too (clocks drift), each step once.
 */
export const TWO_FACTOR = {
  ISSUER: 'ShopDesk',
  DIGITS: 6,
  PERIOD_SECONDS: 30,
  /** Steps either side of now that are accepted. */
  WINDOW_STEPS: 1,
  RECOVERY_CODES: 10,
  /** A login's second step must be finished within this. */
  CHALLENGE_TTL_MS: 5 * 60 * 1000,
  /** Wrong codes an account allows before each further one makes it wait (as the other secrets). */
  FREE_FAILURES: 5,
  /** A step-up proof (the code checked before one sensitive action) must be spent within this. */
  STEP_UP_TTL_MS: 5 * 60 * 1000,
} as const;

export const ACCOUNT_REQUESTS = {
  RESET_LINK_TTL_MS: 30 * 60 * 1000,
  RESET_REQUESTS_FREE_PER_ADDRESS: 5,
  REGISTRATIONS_FREE_PER_ADDRESS: 3,
  /** How the seller says the operator can reach them (a phone, an email, a chat name). */
  CONTACT_MAX: 100,
  REJECT_REASON_MAX: 500,
} as const;

export const SHOP = {
  NAME_MIN: 2,
  NAME_MAX: 50,
  SOCIAL_MAX: 100,
  PHONE_SOCIAL_MAX: 20,
  LOGO_MAX_BYTES: 2 * 1024 * 1024,
  LOGO_RECOMMENDED_PX: 200,
  VIP_LEVEL_MIN: 0,
  VIP_LEVEL_MAX: 7,
  CREDIT_SCORE_MAX: 100,
  /** Below this credit score withdrawals are refused. */
  CREDIT_WITHDRAW_MIN: 60,
  /** From this score down the wallet and dashboard warn that withdrawals stop at CREDIT_WITHDRAW_MIN. */
  CREDIT_WARNING_AT: 80,
  OVERTIME_PURCHASE_PENALTY: 5,
  /** The longest appeal of a freeze, and the longest operator's answer to one. */
  APPEAL_TEXT_MAX: 1000,
} as const;

export const WALLET = {
  CURRENCY: 'USDT',
  NETWORKS: ['TRC20', 'ERC20', 'BEP20'] as const,
  DEPOSIT_MIN_CENTS: 10 * CENTS_PER_UNIT,
  SCREENSHOT_MAX_BYTES: 5 * 1024 * 1024,
  /** Deposit requests one shop may have waiting for the operator at once (each holds a screenshot on disk). */
  PENDING_DEPOSITS_MAX: 3,
  /**
   * Hours an order's settlement stays held after signing before it may be withdrawn (the 7-day
   * no-reason return window; SETTLEMENT_HOLD_HOURS overrides it).
   */
  SETTLEMENT_HOLD_HOURS: 7 * 24,
  /** Hours a newly saved withdrawal address waits before it may be used, as exchanges do (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS overrides it). */
  ADDRESS_COOLDOWN_HOURS: 24,
  /** Addresses a shop's book holds at most. */
  ADDRESS_BOOK_MAX: 20,
  /** Uploads (screenshots, logos) one user may send per UPLOAD_WINDOW_MS, and one shop in all. */
  UPLOADS_PER_USER: 10,
  UPLOADS_PER_SHOP: 20,
  UPLOAD_WINDOW_MS: 10 * 60 * 1000,
  /** Default withdrawal policy: the wallet dialog's reading of SPEC §5 (docs/decisions.md, "Withdrawal policy"). */
  WITHDRAW_MIN_CENTS: 50 * CENTS_PER_UNIT,
  WITHDRAW_MAX_CENTS: 10_000 * CENTS_PER_UNIT,
  WITHDRAW_FEE_BP: 200,
  ARRIVAL_HOURS: 2,
  /** Days the finance report answers at most in one request. */
  REPORT_MAX_DAYS: 366,
} as const;

/**
 * The bounds of money (docs/decisions.md, "Amount limits"). Amounts are
 * integer cents carried as JSON numbers, exact only below 2^53: every amount that enters (a
 * deposit, a withdrawal, a price filter) is at most AMOUNT_MAX_CENTS, and every ledger balance
 * stays within ±BALANCE_MAX_CENTS (a CHECK constraint, migration 0008), 2^3 below 2^53, so a
 * balance, and the sum of a few, is never rounded.
 */
export const MONEY = {
  /** 10,000,000 USDT: the most one amount may be. */
  AMOUNT_MAX_CENTS: 10_000_000 * CENTS_PER_UNIT,
  /** 2^50 cents (about 11.26 trillion USDT): the most a balance may hold, either way. */
  BALANCE_MAX_CENTS: 2 ** 50,
} as const;

/** Bounds of what the console's catalog role sells: a package tier's terms (the table's check says the same) and a mall coupon. */
export const OFFERS = {
  PACKAGE_DAYS_MAX: 365,
  PACKAGE_PRODUCTS_MAX: 500,
  COUPON_TITLE_MAX: 80,
  COUPON_PER_BUYER_MAX: 100,
} as const;

export const CATALOG = {
  PROFIT_RATIO_SUGGESTED_MIN: 10,
  PROFIT_RATIO_SUGGESTED_MAX: 30,
  RECOMMEND_NEW_MAX: 10,
  /** Minimum products on sale before recommending (one language pack says 1; configurable). */
  RECOMMEND_MIN_ON_SALE: 10,
  /** Accepted profit ratios (percent): above 0 and at most this; 10–30 is only the suggestion. */
  PROFIT_RATIO_MAX: 500,
  /** Accepted discount ratios (percent): from 0 (no discount) up to this. */
  DISCOUNT_RATIO_MAX: 99,
  /** Products per batch call (batch add, edit, delete, status); the web app chunks larger selections. */
  BATCH_MAX: 500,
  STOCK_MAX: 1_000_000,
  NAME_MAX: 120,
  DESCRIPTION_MAX: 2000,
  /** Gallery pictures a warehouse product may have besides its cover. */
  GALLERY_MAX: 8,
  /** Option axes of a product (e.g. colour and size), combinations of their values, and an axis name's or value's length. */
  VARIANT_AXES_MAX: 2,
  VARIANT_COMBINATIONS_MAX: 50,
  VARIANT_OPTION_MAX: 40,
  CATEGORIES: ['appliance', 'clothing', 'computer', 'phone'] as const,
  MALL_CATEGORIES: ['beauty', 'books', 'food', 'sports'] as const,
  RANKING_TOP: 10,
} as const;

export const ORDERS = {
  /** Default purchase deadline after payment (configurable by PURCHASE_DEADLINE_HOURS). */
  PURCHASE_DEADLINE_HOURS: 24,
  /** Buyers may ask for a refund up to this many days after signing (docs/decisions.md, "Refunds"). */
  NO_REASON_RETURN_DAYS: 7,
  QUANTITY_MAX: 99,
  /** Orders per purchase request (the batch purchase dialog). */
  PURCHASE_BATCH_MAX: 100,
  /** Order ids searched at once. */
  SEARCH_IDS_MAX: 100,
  /** Longest order search text (any part of an order id, product, buyer, receiver or phone). */
  SEARCH_TEXT_MAX: 100,
  EXPORT_MAX_ROWS: 50_000,
  RECEIVER_NAME_MAX: 50,
  RECEIVER_PHONE_MAX: 20,
  RECEIVER_ADDRESS_MAX: 200,
  REFUND_NOTE_MAX: 500,
  REJECT_REASON_MAX: 500,
} as const;

export const REVIEWS = {
  RATING_MIN: 1,
  RATING_MAX: 5,
  CONTENT_MAX: 1000,
  REPLY_MAX: 500,
  IMAGES_MAX: 6,
  /** One image: a link, or a data URL of a small picture (about 150 KB). */
  IMAGE_MAX_CHARS: 200_000,
} as const;

/** The notification stream and lists (docs/decisions.md, Notifications). */
export const NOTIFICATIONS = {
  /** A stream ticket is single use and valid this long. */
  TICKET_TTL_MS: 60_000,
  /** Default heartbeat period of the stream (SSE_HEARTBEAT_MS overrides it). */
  HEARTBEAT_MS: 20_000,
  /** Messages per stream event, and at most this many replayed on reconnect. */
  REPLAY_MAX: 200,
  /** The unread list the bell shows (newest first). */
  UNREAD_LIST_MAX: 50,
  PAGE_SIZE_DEFAULT: 20,
  PAGE_SIZE_MAX: 100,
  /** Ids per updateMsg call. */
  MARK_READ_MAX: 500,
} as const;

/** Buyer–seller chat (docs/decisions.md, "Chat"). */
export const CHAT = {
  /** A text message, in user-perceived characters. */
  TEXT_MAX: 2000,
  /** A chat picture as sent, before it is drawn again from its pixels. */
  IMAGE_MAX_BYTES: 5 * 1024 * 1024,
  /** Messages a buyer may send per minute, over all shops. */
  BUYER_PER_MINUTE: 20,
  /** Messages a shop's members may send per minute, over all its conversations (auto-replies not counted). */
  SHOP_PER_MINUTE: 60,
  /** Conversations a buyer may open per hour (a new shop each). */
  BUYER_NEW_CONVERSATIONS_PER_HOUR: 30,
  /** An auto-reply of each kind is sent at most once per buyer in this many hours. */
  AUTO_REPLY_EVERY_HOURS: 24,
  /** Quick replies a shop may keep, and the length of one. */
  QUICK_REPLIES_MAX: 50,
  QUICK_REPLY_MAX: 500,
  /** Auto-reply texts. */
  AUTO_REPLY_MAX: 500,
  /** Response rate: a buyer's question counts as answered when a person replies within this many hours, over this many days. */
  RESPONSE_HOURS: 12,
  RESPONSE_DAYS: 30,
  /** The missed conversations the response-rate answer lists (newest first). */
  MISSED_LIST_MAX: 50,
  /** Messages per page of a conversation, and the most one page may ask. */
  MESSAGES_PAGE_DEFAULT: 30,
  MESSAGES_PAGE_MAX: 100,
  /** The buyer's recent orders shown beside a conversation. */
  BUYER_ORDERS_MAX: 10,
  /** Block reasons. */
  BLOCK_REASON_MAX: 200,
} as const;

export const UI = {
  MOBILE_BREAKPOINT: 768,
  BADGE_MAX: 99,
  API_TIMEOUT_MS: 10_000,
  TOAST_MS: 3000,
  SOUND_GAP_MS: 1000,
  STREAM_RECONNECT_MS: 3000,
  SOUND_VOLUME: 0.5,
  NOTIFICATION_LIST_MAX_HEIGHT: 300,
  MOBILE_DRAWER_WIDTH: '80%',
  RELOGIN_DELAY_MS: 1000,
  POPUP_Z_INDEX: 2000,
  STATS_WINDOWS_DAYS: [7, 30] as const,
  PAGE_SIZES: [10, 20, 50, 100] as const,
} as const;

/** Shop upgrade (VIP) tiers by cumulative top-up, in whole USDT (SPEC §9). */
export const VIP_TIERS = [
  { level: 1, topUp: 5_000, bonus: 588, exposurePct: 8 },
  { level: 2, topUp: 10_000, bonus: 1_888, exposurePct: 15 },
  { level: 3, topUp: 30_000, bonus: 5_888, exposurePct: 30 },
  { level: 4, topUp: 50_000, bonus: 8_888, exposurePct: 50 },
  { level: 5, topUp: 100_000, bonus: 18_888, exposurePct: 60 },
  { level: 6, topUp: 200_000, bonus: 38_888, exposurePct: 80 },
  { level: 7, topUp: 300_000, bonus: 78_888, exposurePct: 100 },
] as const;

/** Couple activity tiers: each partner's top-up in whole USDT and its bonus (SPEC §9). */
export const COUPLE_TIERS = [
  { topUp: 11_360, bonus: 2_272 },
  { topUp: 23_510, bonus: 4_937 },
  { topUp: 42_920, bonus: 9_442 },
  { topUp: 60_900, bonus: 13_398 },
  { topUp: 81_176, bonus: 18_670 },
  { topUp: 101_920, bonus: 23_441 },
  { topUp: 129_430, bonus: 32_357 },
] as const;

/** The demo seller of the seeded marketplace. */
export const DEMO = {
  USERNAME: 'demo',
  PASSWORD: 'demo123',
  FUND_PASSWORD: '135790',
  /**
   * The demo operator's authenticator key (base32), enrolled by the demo seed and printed at start
   * like the demo passwords, so `npm run ops` and the browser tests can pass the second factor.
   */
  OPERATOR_TOTP_SECRET: 'SHOPDESKDEMOOPERATORTOTPKEY23456',
} as const;

/** The dashboard's numbers (docs/decisions.md, "Dashboard, shop health and activity log"). */
export const DASHBOARD = {
  /** SPEC §2: stats windows are 7 days and 30 days. */
  WINDOWS: [7, 30] as const,
  DEFAULT_WINDOW: 7,
  /** SPEC §9: the rankings show the top 10. */
  RANKING_SIZE: 10,
  RECENT_ACTIVITY_SIZE: 8,
  /** One viewer opening one product again within this time counts once. */
  VIEW_DEDUPE_MS: 30 * MINUTE_MS,
  /** The to-do strip flags orders to purchase whose deadline is this close. */
  DEADLINE_SOON_MS: 6 * HOUR_MS,
} as const;

/** The figure sections of a dashboard view (GET /api/dashboard/view; no zod here: the homes read them at start). */
export const DASHBOARD_SECTIONS = ['todo', 'overview', 'today', 'traffic', 'orderStats', 'products', 'rankings', 'recentActivity'] as const;
export type DashboardSectionName = (typeof DASHBOARD_SECTIONS)[number];

/** What a role needs to see each section (docs/decisions.md, "Staff roles and permissions"). */
export const DASHBOARD_SECTION_PERMISSIONS = {
  todo: 'orders:view',
  overview: 'reports:view',
  today: 'reports:view',
  traffic: 'reports:view',
  orderStats: 'reports:view',
  products: 'products:view',
  rankings: 'reports:view',
  recentActivity: 'users:view',
} as const satisfies Record<DashboardSectionName, Permission>;

/**
 * POST /api/batch: the answers of several GET routes in one request, so a signed-in
 * home's ~10 answers cost one request on a phone's network instead of sixteen. Only these routes
 * (the homes' answers; never a stream), each answered exactly as on its own.
 */
export const BATCH = {
  MAX_REQUESTS: 20,
  PATHS: [
    '/sellAuth/me',
    '/notifications/unread',
    '/chat/unread',
    '/systemSettings/getPublicConfig',
    '/systemSettings/getUserLevel',
    '/order/getPurchaseOrderCount',
    '/shop/info',
    '/wallet/summary',
    '/dashboard/view',
    '/shopHealth/summary',
    '/shopHealth/history',
    '/chat/responseRate',
  ],
} as const;
export type BatchPath = (typeof BATCH.PATHS)[number];

/**
 * A second-factor code as a person types it (no zod, for the forms' rules): the authenticator's 6
 * digits or a recovery code (10 base32 characters, any case, a dash allowed), spaces around allowed.
 * The server's `secondFactorCode` (two-factor/schemas.ts) normalizes the same inputs.
 */
export const SECOND_FACTOR_CODE_INPUT = /^\s*(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})\s*$/;
