import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardDayQuery,
  dashboardOrderStats as orderStatsAnswer,
  dashboardOverview as overviewAnswer,
  dashboardProducts as productsAnswer,
  dashboardRankings as rankingsAnswer,
  dashboardRecentActivity,
  dashboardToday as todayAnswer,
  dashboardTodo as todoAnswer,
  dashboardTraffic as trafficAnswer,
  dashboardWindowQuery,
  DASHBOARD,
} from '@shopdesk/shared/dashboard/schemas';
import { envelope } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { recentActivity } from '../activity-log/activity-log-service.ts';
import { dashboardOrderStats, dashboardOverview, dashboardProducts, dashboardRankings, dashboardToday, dashboardTraffic } from './dashboard-service.ts';
import { marketingTodo } from './marketing-todo.ts';
import { dashboardTodo } from './todo-service.ts';

const tags = ['dashboard'];

/** One endpoint per dashboard section (SPEC §2), so one failing section does not blank the page. */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/dashboard/overview', { config: { permission: 'reports:view' }, schema: { tags, summary: 'Account and store overview', response: { 200: envelope(overviewAnswer) } } }, async (request) =>
    ok(request, await dashboardOverview(app.db, callerShopId(request), request.caller!.userId)),
  );

  r.get('/api/dashboard/today', { config: { permission: 'reports:view' }, schema: { tags, summary: "Today's orders, sales, profit and visitors against yesterday, in the seller's day", querystring: dashboardDayQuery, response: { 200: envelope(todayAnswer) } } }, async (request) =>
    ok(request, await dashboardToday(app.db, callerShopId(request), request.query.tzOffset)),
  );

  r.get('/api/dashboard/traffic', { config: { permission: 'reports:view' }, schema: { tags, summary: 'Product views and visitors per day over 7 or 30 days', querystring: dashboardWindowQuery, response: { 200: envelope(trafficAnswer) } } }, async (request) =>
    ok(request, await dashboardTraffic(app.db, callerShopId(request), request.query.window, request.query.tzOffset)),
  );

  r.get('/api/dashboard/orderStats', { config: { permission: 'reports:view' }, schema: { tags, summary: 'Orders by status and per day over 7 or 30 days', querystring: dashboardWindowQuery, response: { 200: envelope(orderStatsAnswer) } } }, async (request) =>
    ok(request, await dashboardOrderStats(app.db, callerShopId(request), request.query.window, request.query.tzOffset)),
  );

  r.get('/api/dashboard/products', { config: { permission: 'products:view' }, schema: { tags, summary: 'Products on sale, off sale, recommended, out of stock', response: { 200: envelope(productsAnswer) } } }, async (request) =>
    ok(request, await dashboardProducts(app.db, callerShopId(request))),
  );

  r.get('/api/dashboard/rankings', { config: { permission: 'reports:view' }, schema: { tags, summary: 'Top 10 best-selling and most viewed products over 7 or 30 days', querystring: dashboardWindowQuery, response: { 200: envelope(rankingsAnswer) } } }, async (request) =>
    ok(request, await dashboardRankings(app.db, callerShopId(request), request.query.window, request.query.tzOffset)),
  );

  r.get('/api/dashboard/recentActivity', { config: { permission: 'users:view' }, schema: { tags, summary: "The shop's latest activity log entries", response: { 200: envelope(dashboardRecentActivity) } } }, async (request) =>
    ok(request, await recentActivity(app.db, callerShopId(request), DASHBOARD.RECENT_ACTIVITY_SIZE)),
  );

  r.get('/api/dashboard/todo', { config: { permission: 'orders:view' }, schema: { tags, summary: 'The to-do strip: orders to purchase, refunds waiting, reviews to answer, packages expiring, rewards to claim, vouchers ending within 24 hours', response: { 200: envelope(todoAnswer) } } }, async (request) =>
    ok(request, await dashboardTodo(app.db, callerShopId(request), marketingTodo)),
  );
}
