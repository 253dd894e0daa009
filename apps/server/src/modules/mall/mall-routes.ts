import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import {
  cartAddBody,
  cartAnswer,
  cartItemParams,
  cartUpdateBody,
  checkoutAnswer,
  claimBody,
  couponListAnswer,
  homeAnswer,
  idParams,
  mallCheckoutBody,
  mallReviewListAnswer,
  myCouponListAnswer,
  myCouponView,
  productListAnswer,
  productSearchQuery,
  reviewsQuery,
  shopProductsQuery,
  shopView,
} from '@shopdesk/shared/mall/schemas';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { requireBuyer, resolveBuyerSession } from '../buyers/buyer-auth.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { addToCart, getCart, mallCheckout, removeCartItem, setCartQuantity } from './cart-service.ts';
import { claimCoupon, listCoupons, myCoupons } from './coupon-service.ts';
import { mallHome, mallShop, searchProducts } from './mall-queries.ts';
import { productReviews } from './product-page.ts';

const tags = ['mall'];

/**
 * The mall: browsing is public (`/api/mall/*`, a buyerToken optional), the cart,
 * coupons and checkout are the buyer's (`/api/buyer/*`, buyerToken required).
 */
export async function mallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (!app.hasRequestDecorator('buyer')) app.decorateRequest('buyer', null);
  const publicRoute = { config: { access: 'public' as const } };
  const buyerOnly = { config: { access: 'buyer' as const }, onRequest: requireBuyer(app.db) };
  const buyerId = (request: FastifyRequest) => request.buyer!.buyerId;
  /** The signed-in buyer of a public route, if any. */
  const optionalBuyer = async (request: FastifyRequest) => {
    const header = request.headers.buyertoken;
    const token = Array.isArray(header) ? header[0] : header;
    return token ? ((await resolveBuyerSession(app.db, token))?.buyerId ?? null) : null;
  };

  r.get('/api/mall/home', { ...publicRoute, schema: { tags, summary: 'The mall home: category tiles, banners of promoted shops, rankings (10 each)', response: { 200: envelope(homeAnswer) } } }, async (request) =>
    ok(request, await mallHome(app.db)),
  );

  r.get(
    '/api/mall/products',
    {
      ...publicRoute,
      schema: { tags, summary: 'Search: keyword, category, price range, minimum rating; sorted (recommended = the exposure score)', querystring: productSearchQuery, response: { 200: envelope(productListAnswer) } },
    },
    async (request) => ok(request, await searchProducts(app.db, request.query)),
  );

  r.get(
    '/api/mall/products/:id/reviews',
    { ...publicRoute, schema: { tags, summary: "A product's reviews, newest first, with the seller's reply", params: idParams, querystring: reviewsQuery, response: { 200: envelope(mallReviewListAnswer) } } },
    async (request) => ok(request, await productReviews(app.db, request.params.id, request.query.page, request.query.pageSize, app.config.reviewImageHosts)),
  );

  r.get('/api/mall/shops/:id', { ...publicRoute, schema: { tags, summary: 'A shop page', params: idParams, response: { 200: envelope(shopView) } } }, async (request) =>
    ok(request, await mallShop(app.db, request.params.id)),
  );

  r.get(
    '/api/mall/shops/:id/products',
    { ...publicRoute, schema: { tags, summary: "A shop's products, sorted", params: idParams, querystring: shopProductsQuery, response: { 200: envelope(productListAnswer) } } },
    async (request) => {
      await mallShop(app.db, request.params.id);
      return ok(request, await searchProducts(app.db, { ...request.query, shopId: request.params.id }));
    },
  );

  r.get(
    '/api/mall/coupons',
    { ...publicRoute, schema: { tags, summary: "The platform's coupons that have not ended (claimedByMe with a buyerToken)", response: { 200: envelope(couponListAnswer) } } },
    async (request) => ok(request, await listCoupons(app.db, await optionalBuyer(request))),
  );

  r.post(
    '/api/buyer/coupons/claim',
    { ...buyerOnly, schema: { tags, summary: 'Claim a coupon (COUPON_EXPIRED outside its dates, COUPON_LIMIT at the per-buyer limit)', body: claimBody, response: { 200: envelope(myCouponView) } } },
    async (request) => ok(request, await claimCoupon(app.db, buyerId(request), request.body.couponId)),
  );

  r.get('/api/buyer/coupons', { ...buyerOnly, schema: { tags, summary: "The buyer's claimed coupons, unused first", response: { 200: envelope(myCouponListAnswer) } } }, async (request) =>
    ok(request, await myCoupons(app.db, buyerId(request))),
  );

  r.get('/api/buyer/cart', { ...buyerOnly, schema: { tags, summary: "The buyer's cart, grouped by shop", response: { 200: envelope(cartAnswer) } } }, async (request) =>
    ok(request, await getCart(app.db, buyerId(request))),
  );

  r.post(
    '/api/buyer/cart',
    { ...buyerOnly, schema: { tags, summary: "Add a product to the cart (merges with its line; OUT_OF_STOCK above the stock)", body: cartAddBody, response: { 200: envelope(cartAnswer) } } },
    async (request) => ok(request, await addToCart(app.db, buyerId(request), request.body)),
  );

  r.put(
    '/api/buyer/cart/:itemId',
    { ...buyerOnly, schema: { tags, summary: 'Change the quantity of a cart line', params: cartItemParams, body: cartUpdateBody, response: { 200: envelope(cartAnswer) } } },
    async (request) => ok(request, await setCartQuantity(app.db, buyerId(request), request.params.itemId, request.body.quantity)),
  );

  r.delete('/api/buyer/cart/:itemId', { ...buyerOnly, schema: { tags, summary: 'Remove a cart line', params: cartItemParams, response: { 200: envelope(cartAnswer) } } }, async (request) =>
    ok(request, await removeCartItem(app.db, buyerId(request), request.params.itemId)),
  );

  r.post(
    '/api/buyer/cart/checkout',
    {
      ...buyerOnly,
      schema: {
        tags,
        summary: "Check out cart lines: one order per line, paid from the buyer's wallet into escrow, a coupon's discount paid by the platform; honours Idempotency-Key",
        body: mallCheckoutBody,
        response: { 200: envelope(checkoutAnswer) },
      },
    },
    async (request, reply) => {
      const id = buyerId(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `mall-checkout:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await mallCheckout(db, app.config, id, request.body)) }),
      );
      return sendAnswer(reply, answer);
    },
  );
}
