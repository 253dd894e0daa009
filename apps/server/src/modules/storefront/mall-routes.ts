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
  mallProductView,
  mallReviewListAnswer,
  myCouponListAnswer,
  myCouponView,
  productListAnswer,
  productSearchQuery,
  reviewsQuery,
  shopProductsQuery,
  shopView,
} from '@shopdesk/shared/mall/schemas';
import { buyerProductParams } from '@shopdesk/shared/dashboard/schemas';
import { mallDealList } from '@shopdesk/shared/marketing/deals';
import { mallVoucherList, mallVoucherView, voucherClaimBody, voucherRedeemBody } from '@shopdesk/shared/marketing/vouchers';
import { buyerOrderView, checkoutBody } from '@shopdesk/shared/orders/schemas';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { buyerIdOf, buyerRoute, buyerTokenOf, resolveBuyerSession } from './buyer-auth.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { addToCart, getCart, removeCartItem, setCartQuantity } from './cart-service.ts';
import { buyNow, checkoutCart } from './checkout-service.ts';
import { claimCoupon, listCoupons, myCoupons } from './coupon-service.ts';
import { exposureViewerKey } from './exposure-counter.ts';
import { mallHome, mallShop, searchProducts } from './mall-queries.ts';
import { mallProductPage, productReviews } from './product-page.ts';
import { productDeals, shopDeals } from '../promotions/mall-deals.ts';
import { claimVoucher, myVouchers, productVouchers, redeemVoucherCode, shopVouchers } from '../promotions/mall-vouchers.ts';

const tags = ['mall'];

/**
 * Shopping in the mall, up to the paid order: browsing and the product page are public
 * (`/api/mall/*` and `/api/buyer/products/:id`, a buyerToken optional), coupons, the cart and the
 * one checkout (a cart's lines, or "buy now" of one product) are the buyer's (buyerToken required).
 * A shop's vouchers are shown, claimed and redeemed by code here too. The buyer's account and their
 * orders after checkout are buyer-routes.ts.
 */
export async function mallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (!app.hasRequestDecorator('buyer')) app.decorateRequest('buyer', null);
  const publicRoute = { config: { access: 'public' as const } };
  const buyerOnly = buyerRoute(app.db, app.buyerSessionCache);
  /** The signed-in buyer of a public route, if any. */
  const optionalBuyer = async (request: FastifyRequest) => {
    const token = buyerTokenOf(request);
    return token ? ((await resolveBuyerSession(app.db, token, app.buyerSessionCache))?.buyerId ?? null) : null;
  };

  /** The viewer a list's exposures count for: one per package and EXPOSURE_WINDOW_MINUTES. */
  const exposureViewer = async (request: FastifyRequest) => ({ key: exposureViewerKey(await optionalBuyer(request), request.ip), windowMinutes: app.config.exposureWindowMinutes });

  r.get('/api/mall/home', { ...publicRoute, schema: { tags, summary: 'The mall home: category tiles, banners of promoted shops, rankings (10 each)', response: { 200: envelope(homeAnswer) } } }, async (request) =>
    ok(request, await mallHome(app.db, await exposureViewer(request), request.lang)),
  );

  r.get(
    '/api/mall/products',
    {
      ...publicRoute,
      schema: { tags, summary: 'Search: keyword, category, price range, minimum rating; sorted (recommended = the exposure score)', querystring: productSearchQuery, response: { 200: envelope(productListAnswer) } },
    },
    async (request) => ok(request, await searchProducts(app.db, request.query, await exposureViewer(request), request.lang)),
  );

  r.get(
    '/api/mall/products/:id/reviews',
    { ...publicRoute, schema: { tags, summary: "A product's reviews, newest first, with the seller's reply", params: idParams, querystring: reviewsQuery, response: { 200: envelope(mallReviewListAnswer) } } },
    async (request) => ok(request, await productReviews(app.db, request.params.id, request.query.page, request.query.pageSize, app.config.reviewImageHosts)),
  );

  // The product page: the buyerToken is optional here (the mall shows products before login), so
  // not buyerOnly; each opening counts a view, deduped per viewer (buyer, visitor id or IP).
  r.get(
    '/api/buyer/products/:id',
    {
      config: { access: 'buyer' },
      schema: { tags, summary: 'A product page (buyerToken optional, or an x-visitor-id header); counts a view, one per viewer per 30 minutes', params: buyerProductParams, response: { 200: envelope(mallProductView) } },
    },
    async (request) => {
      const visitor = request.headers['x-visitor-id'];
      return ok(request, await mallProductPage(app.db, request.params.id, { buyerToken: buyerTokenOf(request), visitorId: Array.isArray(visitor) ? visitor[0] : visitor, ip: request.ip }, request.lang));
    },
  );

  r.get('/api/mall/shops/:id', { ...publicRoute, schema: { tags, summary: 'A shop page', params: idParams, response: { 200: envelope(shopView) } } }, async (request) =>
    ok(request, await mallShop(app.db, request.params.id)),
  );

  r.get(
    '/api/mall/shops/:id/products',
    { ...publicRoute, schema: { tags, summary: "A shop's products, sorted", params: idParams, querystring: shopProductsQuery, response: { 200: envelope(productListAnswer) } } },
    async (request) => {
      await mallShop(app.db, request.params.id);
      return ok(request, await searchProducts(app.db, { ...request.query, shopId: request.params.id }, await exposureViewer(request), request.lang));
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
    async (request) => ok(request, await claimCoupon(app.db, buyerIdOf(request), request.body.couponId)),
  );

  r.get('/api/buyer/coupons', { ...buyerOnly, schema: { tags, summary: "The buyer's claimed coupons, unused first", response: { 200: envelope(myCouponListAnswer) } } }, async (request) =>
    ok(request, await myCoupons(app.db, buyerIdOf(request))),
  );

  // A shop's seller vouchers in the mall (promotions/mall-vouchers.ts).
  r.get(
    '/api/mall/shops/:id/vouchers',
    { ...publicRoute, schema: { tags, summary: "A shop's public vouchers running now (claimed and usedByMe with a buyerToken)", params: idParams, response: { 200: envelope(mallVoucherList) } } },
    async (request) => ok(request, await shopVouchers(app.db, request.params.id, await optionalBuyer(request))),
  );

  r.get(
    '/api/mall/products/:id/vouchers',
    { ...publicRoute, schema: { tags, summary: "The public vouchers running now that apply to a product (its shop's, shop-wide or choosing it)", params: idParams, response: { 200: envelope(mallVoucherList) } } },
    async (request) => ok(request, await productVouchers(app.db, request.params.id, await optionalBuyer(request))),
  );

  // A shop's flash deals in the mall (promotions/mall-deals.ts).
  r.get(
    '/api/mall/shops/:id/deals',
    { ...publicRoute, schema: { tags, summary: "A shop's flash deals running now (deal price, normal price, end, units left)", params: idParams, response: { 200: envelope(mallDealList) } } },
    async (request) => ok(request, await shopDeals(app.db, request.params.id)),
  );

  r.get(
    '/api/mall/products/:id/deals',
    { ...publicRoute, schema: { tags, summary: "A product's flash deal running now (a list of at most one)", params: idParams, response: { 200: envelope(mallDealList) } } },
    async (request) => ok(request, await productDeals(app.db, request.params.id)),
  );

  r.get('/api/buyer/vouchers', { ...buyerOnly, schema: { tags, summary: "The buyer's claimed vouchers still running", response: { 200: envelope(mallVoucherList) } } }, async (request) =>
    ok(request, await myVouchers(app.db, buyerIdOf(request))),
  );

  r.post(
    '/api/buyer/vouchers/claim',
    { ...buyerOnly, schema: { tags, summary: 'Claim a public voucher (VOUCHER_NOT_RUNNING, VOUCHER_USED_UP); claiming again changes nothing', body: voucherClaimBody, response: { 200: envelope(mallVoucherView) } } },
    async (request) => ok(request, await claimVoucher(app.db, buyerIdOf(request), request.body.voucherId)),
  );

  r.post(
    '/api/buyer/vouchers/redeem',
    { ...buyerOnly, schema: { tags, summary: "A shop's voucher code typed at checkout: claims the voucher (VOUCHER_CODE_UNKNOWN)", body: voucherRedeemBody, response: { 200: envelope(mallVoucherView) } } },
    async (request) => ok(request, await redeemVoucherCode(app.db, buyerIdOf(request), request.body.shopId, request.body.code)),
  );

  r.get('/api/buyer/cart', { ...buyerOnly, schema: { tags, summary: "The buyer's cart, grouped by shop", response: { 200: envelope(cartAnswer) } } }, async (request) =>
    ok(request, await getCart(app.db, buyerIdOf(request), request.lang)),
  );

  r.post(
    '/api/buyer/cart',
    { ...buyerOnly, schema: { tags, summary: "Add a product to the cart (merges with its line; OUT_OF_STOCK above the stock)", body: cartAddBody, response: { 200: envelope(cartAnswer) } } },
    async (request) => ok(request, await addToCart(app.db, buyerIdOf(request), request.body, request.lang)),
  );

  r.put(
    '/api/buyer/cart/:itemId',
    { ...buyerOnly, schema: { tags, summary: 'Change the quantity of a cart line', params: cartItemParams, body: cartUpdateBody, response: { 200: envelope(cartAnswer) } } },
    async (request) => ok(request, await setCartQuantity(app.db, buyerIdOf(request), request.params.itemId, request.body.quantity, request.lang)),
  );

  r.delete('/api/buyer/cart/:itemId', { ...buyerOnly, schema: { tags, summary: 'Remove a cart line', params: cartItemParams, response: { 200: envelope(cartAnswer) } } }, async (request) =>
    ok(request, await removeCartItem(app.db, buyerIdOf(request), request.params.itemId, request.lang)),
  );

  r.post(
    '/api/buyer/checkout',
    { ...buyerOnly, schema: { tags, summary: "Order a shop's on-sale product; pays into escrow; honours Idempotency-Key", body: checkoutBody, response: { 200: envelope(buyerOrderView) } } },
    async (request, reply) => {
      const id = buyerIdOf(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `checkout:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await buyNow(db, app.config, id, request.body)) }),
      );
      return sendAnswer(reply, answer);
    },
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
      const id = buyerIdOf(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `mall-checkout:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await checkoutCart(db, app.config, id, request.body)) }),
      );
      return sendAnswer(reply, answer);
    },
  );
}
