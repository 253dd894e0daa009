import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryAnswer, envelope } from '@shopdesk/shared/envelope';
import { LOGO_MIME_TYPES, logoAnswer, logoRemoveBody, logoUploadQuery, shopInfo as shopInfoAnswer, shopPreferencesBody, shopUpdateBody } from '@shopdesk/shared/shop/schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { readLogoUpload, sendLogo } from './logo-file.ts';
import { replaceLogo, shopInfo, updatePreferences, updateShop } from './shop-settings-service.ts';

/** Shop settings and the shop's general settings. Changes are for admins. */
export async function shopSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ shopId: callerShopId(request), userId: request.caller!.userId });

  r.get('/api/shop/info', { schema: { tags: ['shop'], summary: "The shop's name, logo, contacts and general settings", response: { 200: envelope(shopInfoAnswer) } } }, async (request) =>
    ok(request, await shopInfo(app.db, callerShopId(request))),
  );

  r.post(
    '/api/shop/update',
    { config: { shopRole: 'admin' }, schema: { tags: ['shop'], summary: 'Change the shop name and contacts (admin)', body: shopUpdateBody, response: { 200: envelope(shopInfoAnswer) } } },
    async (request) => ok(request, await updateShop(app.db, actor(request), request.body)),
  );

  r.post(
    '/api/shop/preferences',
    { config: { shopRole: 'admin' }, schema: { tags: ['shop'], summary: "Change the shop's site name (admin)", body: shopPreferencesBody, response: { 200: envelope(shopInfoAnswer) } } },
    async (request) => ok(request, await updatePreferences(app.db, actor(request), request.body)),
  );

  r.post(
    '/api/shop/logo',
    {
      config: { shopRole: 'admin', upload: true },
      schema: {
        tags: ['shop'],
        summary: 'Upload the shop logo, or the site logo with target=site (multipart field `logo`: PNG, JPEG, WebP or GIF, at most 2 MB; admin)',
        consumes: ['multipart/form-data'],
        querystring: logoUploadQuery,
        response: { 200: envelope(logoAnswer) },
      },
    },
    async (request) => ok(request, await replaceLogo(app.db, app.config.uploadsDir, actor(request), request.query.target, await readLogoUpload(request))),
  );

  r.post(
    '/api/shop/logo/remove',
    { config: { shopRole: 'admin' }, schema: { tags: ['shop'], summary: 'Go back to the default shop or site logo (admin)', body: logoRemoveBody, response: { 200: envelope(logoAnswer) } } },
    async (request) => ok(request, await replaceLogo(app.db, app.config.uploadsDir, actor(request), request.body.target, null)),
  );

  r.get(
    '/api/shop/logos/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['shop'], summary: 'A stored logo (public: the header image sends no token)', params: z.object({ file: z.string().max(64) }), response: { 200: binaryAnswer(LOGO_MIME_TYPES, 'The logo image') } },
    },
    async (request, reply) => sendLogo(reply, app.config.uploadsDir, request.params.file),
  );
}
