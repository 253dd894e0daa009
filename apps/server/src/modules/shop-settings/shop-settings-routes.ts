import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryAnswer, envelope } from '@shopdesk/shared/envelope';
import { LOGO_MIME_TYPES, logoAnswer, logoRemoveBody, logoUploadQuery, shopInfo as shopInfoAnswer, shopPreferencesBody, shopUpdateBody } from '@shopdesk/shared/shop/schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { logoFiles, readLogoUpload } from './logo-file.ts';
import { replaceLogo, shopInfo, updatePreferences, updateShop } from './shop-settings-service.ts';

/** Shop settings and the shop's general settings. Changes need the settings permission. */
export async function shopSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ shopId: callerShopId(request), userId: request.caller!.userId });

  r.get('/api/shop/info', { config: { permission: 'member' }, schema: { tags: ['shop'], summary: "The shop's name, logo, contacts and general settings", response: { 200: envelope(shopInfoAnswer) } } }, async (request) =>
    ok(request, await shopInfo(app.db, callerShopId(request))),
  );

  r.post(
    '/api/shop/update',
    { config: { permission: 'settings:edit' }, schema: { tags: ['shop'], summary: 'Change the shop name and contacts', body: shopUpdateBody, response: { 200: envelope(shopInfoAnswer) } } },
    async (request) => ok(request, await updateShop(app.db, actor(request), request.body)),
  );

  r.post(
    '/api/shop/preferences',
    { config: { permission: 'settings:edit' }, schema: { tags: ['shop'], summary: "Change the shop's site name", body: shopPreferencesBody, response: { 200: envelope(shopInfoAnswer) } } },
    async (request) => ok(request, await updatePreferences(app.db, actor(request), request.body)),
  );

  r.post(
    '/api/shop/logo',
    {
      config: { permission: 'settings:edit', upload: true },
      schema: {
        tags: ['shop'],
        summary: 'Upload the shop logo, or the site logo with target=site (multipart field `logo`: PNG, JPEG, WebP or GIF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        querystring: logoUploadQuery,
        response: { 200: envelope(logoAnswer) },
      },
    },
    async (request) => ok(request, await replaceLogo(app.db, app.config.uploadsDir, actor(request), request.query.target, await readLogoUpload(request))),
  );

  r.post(
    '/api/shop/logo/remove',
    { config: { permission: 'settings:edit' }, schema: { tags: ['shop'], summary: 'Go back to the default shop or site logo', body: logoRemoveBody, response: { 200: envelope(logoAnswer) } } },
    async (request) => ok(request, await replaceLogo(app.db, app.config.uploadsDir, actor(request), request.body.target, null)),
  );

  r.get(
    '/api/shop/logos/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['shop'], summary: 'A stored logo (public: the header image sends no token)', params: z.object({ file: z.string().max(64) }), response: { 200: binaryAnswer(LOGO_MIME_TYPES, 'The logo image') } },
    },
    async (request, reply) => logoFiles.send(reply, app.config.uploadsDir, request.params.file),
  );
}
