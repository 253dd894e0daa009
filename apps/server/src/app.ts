import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { registerStoppingAnswers } from './lifecycle.ts';
import type { Database, Db } from './db/client.ts';
import { requestLanguage } from './i18n/translate.ts';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { WALLET } from '@shopdesk/shared/constants';
import { registerAuth } from './plugins/auth.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { healthRoutes, registerMigrationGate } from './plugins/health.ts';
import { registerRequestId, requestIdGenerator } from './plugins/request-id.ts';
import { logSafeError } from './lib/log-safe-error.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { fastSerializerCompiler } from './plugins/serializer.ts';
import { registerWeb } from './plugins/web.ts';
import { registerApiNoStore, registerCompression } from './plugins/compress.ts';
import { accountSecurityRoutes } from './modules/account-security/account-security-routes.ts';
import { memberLoginRoutes } from './modules/account-security/member-login-routes.ts';
import { fundPasswordRoutes } from './modules/auth/fund-password-routes.ts';
import { operatorLoginRoutes } from './modules/ops/operator-login-routes.ts';
import { accountRequestRoutes } from './modules/auth/account-request-routes.ts';
import { accountRequestOpsRoutes } from './modules/ops/account-request-ops-routes.ts';
import { operatorRoutes } from './modules/ops/operator-routes.ts';
import { catalogOpsRoutes } from './modules/ops/catalog-ops-routes.ts';
import { offersOpsRoutes } from './modules/ops/offers-ops-routes.ts';
import { notificationRoutes } from './modules/notifications/notification-routes.ts';
import { registerNotifications } from './modules/notifications/notification-plugin.ts';
import { orderCountRoutes } from './modules/orders/order-count-routes.ts';
import { systemSettingsRoutes } from './modules/system-settings/system-settings-routes.ts';
import { coverRoutes } from './modules/products/cover-routes.ts';
import { opsRoutes } from './modules/ops/ops-routes.ts';
import { auditRoutes } from './modules/ops/audit-routes.ts';
import { walletRoutes } from './modules/wallet/wallet-routes.ts';
import { productRoutes } from './modules/products/product-routes.ts';
import { spreadsheetRoutes } from './modules/products/spreadsheet-routes.ts';
import { orderRoutes } from './modules/orders/order-routes.ts';
import { buyerRoutes } from './modules/storefront/buyer-routes.ts';
import { mallRoutes } from './modules/storefront/mall-routes.ts';
import { carrierRoutes } from './modules/shipping/carrier-routes.ts';
import { reviewRoutes } from './modules/reviews/review-routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.ts';
import { shopHealthRoutes } from './modules/shop-health/shop-health-routes.ts';
import { activityLogRoutes } from './modules/activity-log/activity-log-routes.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { shopSettingsRoutes } from './modules/shop-settings/shop-settings-routes.ts';
import { rewardRoutes } from './modules/rewards/reward-routes.ts';
import { packageRoutes } from './modules/packages/package-routes.ts';
import { dealRoutes } from './modules/promotions/deal-routes.ts';
import { voucherRoutes } from './modules/promotions/voucher-routes.ts';
import { batchRoutes } from './modules/batch/batch-routes.ts';
import { chatRoutes } from './modules/chat/chat-routes.ts';
import { chatBuyerRoutes } from './modules/chat/chat-buyer-routes.ts';
import { registerChat } from './modules/chat/chat-stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
  }
  interface FastifyRequest {
    lang: LanguageCode;
  }
}

/** Builds the HTTP app over an open database (ROLE=worker: health checks and metrics only). The caller owns the database's lifetime. */
export async function buildApp(config: AppConfig, database: Database, build: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const options = {
    // Errors are logged without a failed query's parameters or a database error's values (lib/log-safe-error.ts).
    // `logStream`: where the log lines go instead of stdout (a test reads them).
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { err: logSafeError }, ...(build.logStream ? { stream: build.logStream } : {}) },
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator({ trustProxy: config.trustProxy, header: config.requestIdHeader }),
    bodyLimit: 1024 * 1024,
    // While stopping, a request on a kept-alive connection is answered (with Connection: close) rather
    // than refused with 503: it was sent before the client could know (lifecycle.ts).
    return503OnClosing: false,
  };
  // With a certificate: HTTPS, HTTP/2 (every request of a page on one connection; the notification
  // stream no longer holds one of a browser's six HTTP/1.1 connections) and HTTP/1.1 for the rest.
  // The handlers see the same requests and replies either way (Node's HTTP/2 compatibility API).
  const app = (
    config.tls
      ? Fastify({ ...options, http2: true, https: { allowHTTP1: true, cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } })
      : Fastify(options)
  ) as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by fast-json-stringify from their response schemas; under the tests each
  // answer is also compared with JSON.stringify, so a schema never silently drops a field.
  app.setSerializerCompiler(fastSerializerCompiler({ verify: process.env.VITEST !== undefined || process.env.VERIFY_ANSWERS === '1' }));
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorateRequest('lang', 'en-US');
  registerRequestId(app);
  // API answers carry `Cache-Control: no-store` unless a route sets its own, so no cache (the browser's
  // or the service worker's) ever shows a stale balance or order; refusals of the hooks below too.
  registerApiNoStore(app);
  // Prometheus figures on /metrics with METRICS_TOKEN: its hooks come first, so they time everything after them.
  await registerMetrics(app);
  // A callback hook, not an async one: no promise per request for a synchronous step.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = requestLanguage(request.headers);
    done();
  });
  registerErrorHandling(app);
  // 503 for the API until the migrations are applied: before anything that queries.
  registerMigrationGate(app);
  registerStoppingAnswers(app);
  // CSP, no framing, nosniff, Referrer-Policy, HSTS when configured: on every answer, pages and API.
  registerSecurityHeaders(app, { hstsMaxAge: config.hstsMaxAge });
  // A NUL character in any parameter, query or JSON string is a 400 before validation and the handler.
  registerNulGuard(app);
  // The general rate limit (per address and per session; Redis when REDIS_URL is set), before the session lookup.
  await registerRateLimit(app);
  registerAuth(app);
  // Before every route and the static files: brotli/gzip answers.
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: WALLET.SCREENSHOT_MAX_BYTES, files: 1, fields: 10 } });
  await registerOpenApi(app);
  // The event bus, the hub of open streams, and the scope that publishes after a handler's commits.
  await registerNotifications(app);
  // Chat on the sellers' stream, and the mall buyers' chat streams.
  registerChat(app);

  await app.register(healthRoutes);
  // A worker (ROLE=worker) runs the background jobs and answers only health checks and metrics.
  if (config.role === 'worker') return app;
  await app.register(memberLoginRoutes);
  await app.register(fundPasswordRoutes);
  await app.register(operatorLoginRoutes);
  await app.register(accountRequestRoutes);
  await app.register(orderCountRoutes);
  await app.register(systemSettingsRoutes);
  await app.register(notificationRoutes);
  await app.register(coverRoutes);
  await app.register(walletRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(productRoutes);
  await app.register(spreadsheetRoutes);
  await app.register(orderRoutes);
  await app.register(reviewRoutes);
  await app.register(usersRoutes);
  await app.register(shopSettingsRoutes);
  await app.register(rewardRoutes);
  await app.register(packageRoutes);
  await app.register(buyerRoutes);
  await app.register(mallRoutes);
  await app.register(voucherRoutes);
  await app.register(dealRoutes);
  await app.register(carrierRoutes);
  await app.register(opsRoutes);
  await app.register(auditRoutes);
  await app.register(accountRequestOpsRoutes);
  await app.register(operatorRoutes);
  await app.register(catalogOpsRoutes);
  await app.register(offersOpsRoutes);
  await app.register(dashboardRoutes);
  await app.register(shopHealthRoutes);
  await app.register(activityLogRoutes);
  await app.register(batchRoutes);
  await app.register(chatRoutes);
  await app.register(chatBuyerRoutes);
  await registerWeb(app, config.webDistDir);
  return app;
}
