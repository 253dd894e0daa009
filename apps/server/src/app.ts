import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { requestLanguage } from './i18n/translate.ts';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { WALLET } from '@shopdesk/shared/constants';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { notificationRoutes } from './modules/notifications/notification-routes.ts';
import { orderCountRoutes } from './modules/orders/order-count-routes.ts';
import { systemSettingsRoutes } from './modules/system-settings/system-settings-routes.ts';
import { catalogRoutes } from './modules/catalog/catalog-routes.ts';
import { opsRoutes } from './modules/ops/ops-routes.ts';
import { walletRoutes } from './modules/wallet/wallet-routes.ts';
import { productRoutes } from './modules/catalog/product-routes.ts';
import { orderRoutes } from './modules/orders/order-routes.ts';
import { buyerRoutes } from './modules/buyers/buyer-routes.ts';
import { carrierRoutes } from './modules/shipping/carrier-routes.ts';
import { reviewRoutes } from './modules/reviews/review-routes.ts';

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

/** Builds the HTTP app over an open database. The caller owns the database's lifetime. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorateRequest('lang', 'en-US');
  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request.headers);
  });
  registerErrorHandling(app);
  registerAuth(app);
  await app.register(multipart, { limits: { fileSize: WALLET.SCREENSHOT_MAX_BYTES, files: 1, fields: 10 } });
  await registerOpenApi(app);

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ code: 0, msg: 'ok', data: { db: database.kind } }));
  await app.register(authRoutes);
  await app.register(orderCountRoutes);
  await app.register(systemSettingsRoutes);
  await app.register(notificationRoutes);
  await app.register(catalogRoutes);
  await app.register(walletRoutes);
  await app.register(productRoutes);
  await app.register(orderRoutes);
  await app.register(reviewRoutes);
  await app.register(buyerRoutes);
  await app.register(carrierRoutes);
  await app.register(opsRoutes);
  await registerWeb(app, config.webDistDir);
  return app;
}
