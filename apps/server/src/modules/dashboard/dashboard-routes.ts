import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardView, dashboardWindowQuery } from '@shopdesk/shared/dashboard/schemas';
import { envelope } from '@shopdesk/shared/envelope';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { dashboardViewOf } from './dashboard-view.ts';

const tags = ['dashboard'];

/**
 * The dashboard's figures in one answer per view (docs/decisions.md, "Dashboard in one answer"):
 * every section the caller's role may see, a failed one as null so it does not blank the page.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/view',
    {
      config: { permission: 'member' },
      schema: {
        tags,
        summary: "Every dashboard section of a 7- or 30-day view in the seller's day: to-do strip, overview, today, traffic, order statistics, products, rankings, recent activity (each only for a role that may see it; null when it failed)",
        querystring: dashboardWindowQuery,
        response: { 200: envelope(dashboardView) },
      },
    },
    async (request) => {
      const shopId = callerShopId(request);
      const caller = request.caller!;
      return ok(request, await dashboardViewOf(app.db, { shopId, userId: caller.userId, permissions: caller.permissions }, request.query.window, request.query.tzOffset, (section, error) => request.log.error({ err: error, section }, 'dashboard section failed')));
    },
  );
}
