import { z } from 'zod';
import { activityEntry } from '../activity-log/schemas.ts';
import { DASHBOARD, DASHBOARD_SECTIONS, DASHBOARD_SECTION_PERMISSIONS, SHOP, type DashboardSectionName } from '../constants.ts';
import { paged } from '../envelope.ts';
import { ORDER_TABS } from '../orders/lifecycle.ts';
import { pageFields } from '../validation.ts';

// The dashboard's numbers are with the other constants (no zod: the pages read them at start).
export { DASHBOARD, DASHBOARD_SECTIONS, DASHBOARD_SECTION_PERMISSIONS, type DashboardSectionName };
export type DashboardWindow = (typeof DASHBOARD.WINDOWS)[number];

/** Credit score bands of SPEC §6: below CREDIT_WARNING_AT a hint, below CREDIT_WITHDRAW_MIN withdrawals stop. */
export type CreditBand = 'good' | 'warning' | 'blocked';
export function creditBand(score: number): CreditBand {
  if (score < SHOP.CREDIT_WITHDRAW_MIN) return 'blocked';
  if (score < SHOP.CREDIT_WARNING_AT) return 'warning';
  return 'good';
}

const tzOffset = z.coerce.number().int().min(-840).max(840).default(0);

export const dashboardDayQuery = z.object({ tzOffset });
export const dashboardWindowQuery = z.object({
  window: z.coerce
    .number()
    .int()
    .refine((w) => (DASHBOARD.WINDOWS as readonly number[]).includes(w))
    .default(DASHBOARD.DEFAULT_WINDOW),
  tzOffset,
});
export type DashboardWindowQuery = z.output<typeof dashboardWindowQuery>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// Account and store overview ------------------------------------------------------------------

export const dashboardOverview = z.object({
  account: z.object({
    userId: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    /** ISO 8601 of the account's creation. */
    memberSince: z.string(),
  }),
  store: z.object({
    shopId: z.number().int(),
    name: z.string(),
    logo: z.string(),
    vipLevel: z.number().int(),
    frozen: z.boolean(),
    /** ISO 8601. */
    openedAt: z.string(),
    productCount: z.number().int(),
    orderCount: z.number().int(),
    /** Sales of every order ever placed, cancelled ones and approved refunds left out (cents). */
    totalSalesCents: z.number().int(),
    reviewCount: z.number().int(),
    /** Average stars × 10 of the shop's reviews, or null with none. */
    ratingX10: z.number().int().nullable(),
  }),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

// Today's data -------------------------------------------------------------------------------

export const dayFigures = z.object({
  orders: z.number().int(),
  salesCents: z.number().int(),
  /** Sale − purchase of the day's orders (cents). */
  profitCents: z.number().int(),
  visitors: z.number().int(),
  views: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFigures>;

export const dashboardToday = z.object({ date: day, today: dayFigures, yesterday: dayFigures });
export type DashboardToday = z.infer<typeof dashboardToday>;

// Traffic and order statistics over the window -----------------------------------------------

export const dashboardTraffic = z.object({
  window: z.number().int(),
  days: z.array(z.object({ date: day, views: z.number().int(), visitors: z.number().int() })),
  totalViews: z.number().int(),
  /** Distinct viewers over the whole window (not the sum of the days). */
  totalVisitors: z.number().int(),
});
export type DashboardTraffic = z.infer<typeof dashboardTraffic>;

/** The order list tabs counted by the dashboard ('all' is the total). */
export const ORDER_STAT_TABS = ORDER_TABS.filter((t) => t !== 'all');
export type OrderStatTab = (typeof ORDER_STAT_TABS)[number];

export const dashboardOrderStats = z.object({
  window: z.number().int(),
  total: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(ORDER_TABS), count: z.number().int() })),
  days: z.array(z.object({ date: day, orders: z.number().int(), salesCents: z.number().int() })),
});
export type DashboardOrderStats = z.infer<typeof dashboardOrderStats>;

// Products and rankings ----------------------------------------------------------------------

export const dashboardProducts = z.object({
  onSale: z.number().int(),
  offSale: z.number().int(),
  recommended: z.number().int(),
  outOfStock: z.number().int(),
  total: z.number().int(),
});
export type DashboardProducts = z.infer<typeof dashboardProducts>;

export const rankingRow = z.object({
  productId: z.number().int(),
  name: z.string(),
  cover: z.string(),
  /** Units sold (best-selling) or counted views (most viewed) in the window. */
  value: z.number().int(),
  salesCents: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const dashboardRankings = z.object({
  window: z.number().int(),
  bestSelling: z.array(rankingRow),
  mostViewed: z.array(rankingRow),
});
export type DashboardRankings = z.infer<typeof dashboardRankings>;

export const dashboardRecentActivity = z.array(activityEntry);

// To-do strip --------------------------------------------------------------------------------

export const dashboardTodo = z.object({
  toPurchase: z.object({
    count: z.number().int(),
    /** Of them, how many have their deadline within DEADLINE_SOON_MS (or past it). */
    dueSoon: z.number().int(),
    /** ISO 8601 of the nearest deadline, null with none waiting. */
    nearestDeadline: z.string().nullable(),
    nearestOrderId: z.string().nullable(),
  }),
  refundsWaiting: z.number().int(),
  reviewsUnanswered: z.number().int(),
  /** Null when the promotion module cannot tell (left out of the strip). */
  packagesExpiring: z.number().int().nullable(),
  claimableRewards: z.number().int().nullable(),
  /** Running seller vouchers ending within 24 hours (null when the voucher module cannot tell). */
  vouchersEnding: z.number().int().nullable(),
});
export type DashboardTodo = z.infer<typeof dashboardTodo>;

// The dashboard in one answer -----------------------------------------------------------------

/**
 * Every figure section of a dashboard view (GET /api/dashboard/view): the desktop /dashboard and the
 * phone /m/shop ask for it once per window. A section the caller's role may not see is left out; a
 * section whose query failed is null (its card shows its error, the others their figures).
 */
export const dashboardView = z.object({
  window: z.number().int(),
  sections: z.object({
    todo: dashboardTodo.nullable().optional(),
    overview: dashboardOverview.nullable().optional(),
    today: dashboardToday.nullable().optional(),
    traffic: dashboardTraffic.nullable().optional(),
    orderStats: dashboardOrderStats.nullable().optional(),
    products: dashboardProducts.nullable().optional(),
    rankings: dashboardRankings.nullable().optional(),
    recentActivity: dashboardRecentActivity.nullable().optional(),
  }),
});
export type DashboardView = z.infer<typeof dashboardView>;
export type DashboardSections = DashboardView['sections'];

// Shop health --------------------------------------------------------------------------------

/** Why a credit score changed; the web translates `dashboard:health.reason.<code>`. */
export const CREDIT_REASONS = ['overtime_purchase', 'operator_adjustment'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export const creditEventView = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  /** The order number of an overtime penalty, else null. */
  ref: z.string().nullable(),
  note: z.string(),
  scoreAfter: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type CreditEventView = z.infer<typeof creditEventView>;

export const shopHealthSummary = z.object({
  score: z.number().int(),
  max: z.number().int(),
  band: z.enum(['good', 'warning', 'blocked']),
  warningAt: z.number().int(),
  withdrawMin: z.number().int(),
  overtimePenalty: z.number().int(),
  frozen: z.boolean(),
  /** Orders waiting for purchase past their deadline, not penalized yet (they will cost points). */
  overdueNow: z.number().int(),
  /** Points lost and regained over the last 30 days. */
  lost30d: z.number().int(),
  gained30d: z.number().int(),
});
export type ShopHealthSummary = z.infer<typeof shopHealthSummary>;

export const shopHealthHistoryQuery = z.object({ ...pageFields });
export const shopHealthHistoryAnswer = paged(creditEventView);
export type ShopHealthHistoryAnswer = z.infer<typeof shopHealthHistoryAnswer>;

// Product page (buyer API) -------------------------------------------------------------------

export const buyerProductParams = z.object({ id: z.coerce.number().int().positive() });
export const buyerProductView = z.object({
  productId: z.number().int(),
  shopId: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  cover: z.string(),
  salePriceCents: z.number().int(),
  stock: z.number().int(),
  totalSales: z.number().int(),
  views: z.number().int(),
  /** Whether this opening was counted as a view (false within the dedupe window). */
  counted: z.boolean(),
});
export type BuyerProductView = z.infer<typeof buyerProductView>;
