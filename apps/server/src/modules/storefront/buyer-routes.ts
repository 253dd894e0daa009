import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody } from '@shopdesk/shared/auth/schemas';
import { REVIEWS } from '@shopdesk/shared/constants';
import { envelope } from '@shopdesk/shared/envelope';
import { buyerLoginAnswer, buyerOrderView, buyerRefundBody, orderIdBody, reviewBody, reviewCreatedAnswer } from '@shopdesk/shared/orders/schemas';
import { ensureDeviceId, recordDevice } from '../devices/device-id.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency-header.ts';
import { hashRequest, withIdempotency } from '../ledger/idempotency.ts';
import { buyerIdOf, buyerLogin, buyerRoute } from './buyer-auth.ts';
import { buyerOrderDetail, buyerOrders, cancelOrder, confirmReceipt, requestRefund, reviewOrder } from './buyer-service.ts';
import { emptyAnswer } from '@shopdesk/shared/envelope';
import {
  addressBody,
  addressListAnswer,
  buyerDepositRow,
  buyerMe as buyerMeAnswer,
  buyerWalletStatement,
  buyerOrderDetail as buyerOrderDetailAnswer,
  buyerOrderListAnswer,
  buyerOrderParams,
  buyerOrdersQuery,
  idParams,
  registerBody,
  topupBody,
} from '@shopdesk/shared/mall/schemas';
import { z } from 'zod';
import { depositAddress } from '@shopdesk/shared/wallet/transactions';
import { readDepositForm } from '../wallet/deposit-form.ts';
import { depositAddresses } from '../wallet/wallet-service.ts';
import { buyerWalletStatement as walletStatementOf, createBuyerDeposit, ownBuyerDeposits } from './buyer-deposits.ts';
import { addAddress, buyerMe, deleteAddress, listAddresses, logoutBuyer, registerBuyer, topUpBuyer, updateAddress } from './buyer-account.ts';
import { withMarketplaceSettings } from '../system-settings/marketplace-settings.ts';

const tags = ['buyer'];

/**
 * The buyer's account: login and registration, their orders after checkout (cancel, receipt,
 * refund, review), wallet and deposits, addresses. Buyer routes say `access: 'buyer'`, which the
 * seller auth plugin lets through, and check the `buyerToken` header themselves (`buyerRoute`).
 * Shopping up to the paid order (browsing, the product page, coupons, cart, checkout) is mall-routes.ts.
 */
export async function buyerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('buyer', null);
  const buyerOnly = buyerRoute(app.db, app.buyerSessionCache);

  r.post(
    '/api/buyer/login',
    { config: { access: 'public' }, schema: { tags, summary: 'Buyer login (password base64); answers a buyerToken', body: loginBody, response: { 200: envelope(buyerLoginAnswer) } } },
    async (request, reply) => {
      const result = await buyerLogin(app.db, app.config, { ...request.body, ip: request.ip });
      await recordDevice(app.db, ensureDeviceId(request, reply), { buyerId: result.buyerId });
      return ok(request, result);
    },
  );

  r.post(
    '/api/buyer/cancel',
    { ...buyerOnly, schema: { tags, summary: 'Cancel before the seller purchased: the payment back from escrow; honours Idempotency-Key', body: orderIdBody, response: { 200: envelope(buyerOrderView) } } },
    async (request, reply) => {
      const id = buyerIdOf(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `cancel:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await cancelOrder(db, id, request.body.orderId)) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post(
    '/api/buyer/confirmReceipt',
    {
      ...buyerOnly,
      schema: { tags, summary: '"Order received": the buyer signs a delivered order, which settles it at once; again changes nothing; honours Idempotency-Key', body: orderIdBody, response: { 200: envelope(buyerOrderView) } },
    },
    async (request, reply) => {
      const id = buyerIdOf(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `confirmReceipt:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await confirmReceipt(db, id, request.body.orderId)) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post('/api/buyer/refund', { ...buyerOnly, schema: { tags, summary: 'Ask for a refund with a reason and a note', body: buyerRefundBody, response: { 200: envelope(buyerOrderView) } } }, async (request) =>
    ok(request, await requestRefund(app.db, buyerIdOf(request), request.body)),
  );

  r.post(
    '/api/buyer/review',
    // Six small pictures as data URLs may exceed the 1 MB default body limit.
    { ...buyerOnly, bodyLimit: REVIEWS.IMAGES_MAX * REVIEWS.IMAGE_MAX_CHARS + 64 * 1024, schema: { tags, summary: 'Review a signed order once (1–5 stars, up to 6 images)', body: reviewBody, response: { 200: envelope(reviewCreatedAnswer) } } },
    async (request) => ok(request, await reviewOrder(app.db, buyerIdOf(request), request.body, app.config.reviewImageHosts)),
  );

  r.get(
    '/api/buyer/orders',
    { ...buyerOnly, schema: { tags, summary: "The buyer's own orders, newest first, by tab (status)", querystring: buyerOrdersQuery, response: { 200: envelope(buyerOrderListAnswer) } } },
    async (request) => ok(request, await buyerOrders(app.db, buyerIdOf(request), request.query)),
  );

  r.get(
    '/api/buyer/orders/:orderId',
    { ...buyerOnly, schema: { tags, summary: "One of the buyer's orders with what may be done now and the review with its reply; another buyer's order is 404", params: buyerOrderParams, response: { 200: envelope(buyerOrderDetailAnswer) } } },
    async (request) => ok(request, await buyerOrderDetail(app.db, buyerIdOf(request), request.params.orderId)),
  );

  // The mall account ---------------------------------------------------------------

  r.post(
    '/api/buyer/register',
    { config: { access: 'public' }, schema: { tags, summary: 'Register a buyer (password base64); answers like the login', body: registerBody, response: { 200: envelope(buyerLoginAnswer) } } },
    async (request, reply) => {
      const result = await registerBuyer(app.db, app.config, request.body);
      await recordDevice(app.db, ensureDeviceId(request, reply), { buyerId: result.buyerId });
      return ok(request, result);
    },
  );

  r.post('/api/buyer/logout', { ...buyerOnly, schema: { tags, summary: "Ends the buyer's session", response: { 200: emptyAnswer } } }, async (request) => {
    await logoutBuyer(app.db, request.buyer!.sessionId);
    return ok(request, null);
  });

  r.get('/api/buyer/me', { ...buyerOnly, schema: { tags, summary: 'The buyer and the wallet balance', response: { 200: envelope(buyerMeAnswer) } } }, async (request) =>
    ok(request, await buyerMe(app.db, app.config, buyerIdOf(request))),
  );

  r.post(
    '/api/buyer/wallet/topup',
    {
      ...buyerOnly,
      schema: { tags, summary: "Demo top-up of the buyer's wallet (from the demo's own ledger source), in demo mode only (else 403 DEMO_TOPUP_OFF); honours Idempotency-Key", body: topupBody, response: { 200: envelope(buyerMeAnswer) } },
    },
    async (request, reply) => {
      const id = buyerIdOf(request);
      const answer = await withIdempotency(
        app.db,
        { scope: `buyer-topup:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest(request.body) },
        async (db) => ({ statusCode: 200, body: ok(request, await topUpBuyer(db, app.config, id, request.body.amountCents)) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.post(
    '/api/buyer/wallet/deposit',
    {
      ...buyerOnly,
      schema: {
        tags,
        summary: "Deposit request into the buyer's wallet (multipart: network, amount, fromAddress, screenshot), approved by the operator; honours Idempotency-Key",
        consumes: ['multipart/form-data'],
        response: { 200: envelope(buyerDepositRow) },
      },
    },
    async (request, reply) => {
      const id = buyerIdOf(request);
      const form = await readDepositForm(request);
      // Read before the transaction: on the embedded database a second query outside it would wait on it forever.
      const config = await withMarketplaceSettings(app.db, app.config);
      const answer = await withIdempotency(
        app.db,
        { scope: `buyer-deposit:${id}`, key: idempotencyKeyOf(request), requestHash: hashRequest([form.network, form.amount, form.fromAddress, form.fileHash]) },
        async (db) => ({ statusCode: 200, body: ok(request, await createBuyerDeposit(db, config, { buyerId: id, ...form })) }),
      );
      return sendAnswer(reply, answer);
    },
  );

  r.get('/api/buyer/wallet/deposits', { ...buyerOnly, schema: { tags, summary: "The buyer's deposit requests, newest first", response: { 200: envelope(z.array(buyerDepositRow)) } } }, async (request) =>
    ok(request, await ownBuyerDeposits(app.db, buyerIdOf(request))),
  );

  r.get('/api/buyer/wallet/depositAddresses', { ...buyerOnly, schema: { tags, summary: "The platform's USDT deposit address per network", response: { 200: envelope(z.array(depositAddress)) } } }, async (request) =>
    ok(request, depositAddresses(await withMarketplaceSettings(app.db, app.config))),
  );

  r.get(
    '/api/buyer/wallet/statement',
    { ...buyerOnly, schema: { tags, summary: "The buyer's wallet lines, newest first (demo money marked demo)", response: { 200: envelope(buyerWalletStatement) } } },
    async (request) => ok(request, await walletStatementOf(app.db, buyerIdOf(request))),
  );

  r.get('/api/buyer/addresses', { ...buyerOnly, schema: { tags, summary: "The buyer's saved addresses, the default first", response: { 200: envelope(addressListAnswer) } } }, async (request) =>
    ok(request, await listAddresses(app.db, buyerIdOf(request))),
  );

  r.post(
    '/api/buyer/addresses',
    { ...buyerOnly, schema: { tags, summary: 'Save an address (at most 20); answers the list', body: addressBody, response: { 200: envelope(addressListAnswer) } } },
    async (request) => ok(request, await addAddress(app.db, buyerIdOf(request), request.body)),
  );

  r.put(
    '/api/buyer/addresses/:id',
    { ...buyerOnly, schema: { tags, summary: 'Change a saved address; answers the list', params: idParams, body: addressBody, response: { 200: envelope(addressListAnswer) } } },
    async (request) => ok(request, await updateAddress(app.db, buyerIdOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/api/buyer/addresses/:id',
    { ...buyerOnly, schema: { tags, summary: 'Delete a saved address; answers the list', params: idParams, response: { 200: envelope(addressListAnswer) } } },
    async (request) => ok(request, await deleteAddress(app.db, buyerIdOf(request), request.params.id)),
  );
}
