import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, paged } from '@shopdesk/shared/envelope';
import { reviewListBody, reviewReplyAnswer, reviewReplyBody, reviewView } from '@shopdesk/shared/orders/schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { listReviews, replyToReview } from './review-service.ts';

const tags = ['reviews'];

export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/review/list', { config: { permission: 'reviews:view' }, schema: { tags, summary: "The shop's reviews by rating (1–5 or 'all', required), unanswered filter", body: reviewListBody, response: { 200: envelope(paged(reviewView)) } } }, async (request) =>
    ok(request, await listReviews(app.db, callerShopId(request), request.body, app.config.reviewImageHosts)),
  );

  r.post('/api/review/reply', { config: { permission: 'reviews:edit' }, schema: { tags, summary: 'The merchant reply to a review, once', body: reviewReplyBody, response: { 200: envelope(reviewReplyAnswer) } } }, async (request) =>
    ok(request, await replyToReview(app.db, callerShopId(request), request.body.id, request.body.reply, request.caller!.userId)),
  );
}
