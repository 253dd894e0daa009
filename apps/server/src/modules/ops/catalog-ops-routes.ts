import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryAnswer, envelope } from '@shopdesk/shared/envelope';
import {
  appealAnswerBody,
  appealBody,
  appealRow,
  buyerFreezeBody,
  galleryArrangeBody,
  importQuery,
  importReport,
  marketplaceSettings,
  marketplaceSettingsAnswer,
  moneyOverview,
  opsAppealsQuery,
  opsBuyersPage,
  opsBuyerRow,
  opsBuyersQuery,
  opsShopDetail,
  opsShopOrdersPage,
  opsShopOrdersQuery,
  opsShopsPage,
  opsShopsQuery,
  opsWarehousePage,
  opsWarehouseQuery,
  opsWarehouseRow,
  shopAppealState,
  warehouseProductBody,
  warehouseProductPatch,
} from '@shopdesk/shared/ops/catalog';
import { LOGO_MIME_TYPES } from '@shopdesk/shared/shop/schemas';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { readMarketplaceSettings, saveMarketplaceSettings } from '../system-settings/marketplace-settings.ts';
import { moneyOverview as readMoneyOverview } from './money-overview.ts';
import { opsAccess } from './ops-access.ts';
import { answerAppeal, appealsByStatus, listBuyers, setBuyerFrozen, listShops, shopOrdersPage, shopAppealState as readAppealState, shopDetail, submitAppeal } from './shops-ops-service.ts';
import { importWarehouse, readImportUpload } from './warehouse-import.ts';
import { saveWarehouseVariants, warehouseVariantsOf } from './warehouse-variants.ts';
import { warehouseVariantsAnswer, warehouseVariantsBody } from '@shopdesk/shared/products/variants';
import { photoFiles, readPhotoUpload } from './warehouse-photo.ts';
import { addGalleryImage, arrangeGallery, checkGalleryRoom, createWarehouseProduct, listWarehouse, setWarehousePhoto, updateWarehouseProduct, warehouseProductById } from './warehouse-ops-service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Who may do what (docs/decisions.md, "Operator roles"); the super admin may do everything. */
const catalog = opsAccess('catalog');
const shopsRead = opsAccess('support', 'finance');
const support = opsAccess('support');
const settingsRead = opsAccess('finance', 'catalog', 'support');
const settingsWrite = opsAccess();
const moneyRead = opsAccess('finance', 'support');
const tags = ['operator'];

/**
 * The operator console's catalog and marketplace half: the shared warehouse (with photos and a
 * spreadsheet import), shops and buyers, frozen shops' appeals, the marketplace settings and the
 * money overview; and the seller's side of an appeal.
 */
export async function catalogOpsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorId = (request: FastifyRequest) => request.caller!.userId;

  r.get('/api/ops/warehouse', { config: catalog, schema: { tags, summary: 'Warehouse products by name or id, category and active, newest first', querystring: opsWarehouseQuery, response: { 200: envelope(opsWarehousePage) } } }, async (request) =>
    ok(request, await listWarehouse(app.db, request.query)),
  );

  r.get('/api/ops/warehouse/:id/variants', { config: catalog, schema: { tags, summary: "A warehouse product's option axes and variants", params: idParams, response: { 200: envelope(warehouseVariantsAnswer) } } }, async (request) =>
    ok(request, await warehouseVariantsOf(app.db, request.params.id)),
  );

  r.post(
    '/api/ops/warehouse/:id/variants',
    {
      config: catalog,
      schema: {
        tags,
        summary: 'Set a warehouse product\'s option axes (at most 2) and variants (at most 50, unique SKUs; audited), and the axes in other languages; a variant left out is removed, the shops selling the product follow',
        params: idParams,
        body: warehouseVariantsBody,
        response: { 200: envelope(warehouseVariantsAnswer) },
      },
    },
    async (request) => ok(request, await saveWarehouseVariants(app.db, operatorId(request), request.params.id, request.body)),
  );

  r.get('/api/ops/warehouse/:id', { config: catalog, schema: { tags, summary: 'One warehouse product', params: idParams, response: { 200: envelope(opsWarehouseRow) } } }, async (request) =>
    ok(request, await warehouseProductById(app.db, request.params.id)),
  );

  r.post('/api/ops/warehouse', { config: catalog, schema: { tags, summary: 'Add a warehouse product (audited)', body: warehouseProductBody, response: { 200: envelope(opsWarehouseRow) } } }, async (request) =>
    ok(request, await createWarehouseProduct(app.db, operatorId(request), request.body)),
  );

  r.post(
    '/api/ops/warehouse/:id',
    { config: catalog, schema: { tags, summary: 'Change a warehouse product (audited); shops selling it follow, orders already placed keep their price', params: idParams, body: warehouseProductPatch, response: { 200: envelope(opsWarehouseRow) } } },
    async (request) => ok(request, await updateWarehouseProduct(app.db, operatorId(request), request.params.id, request.body)),
  );

  r.post(
    '/api/ops/warehouse/:id/photo',
    {
      config: catalog,
      schema: { tags, summary: "Upload a warehouse product's photo (multipart field `photo`: PNG, JPEG, WebP or GIF, at most 2 MB; audited)", consumes: ['multipart/form-data'], params: idParams, response: { 200: envelope(opsWarehouseRow) } },
    },
    async (request) => {
      await warehouseProductById(app.db, request.params.id);
      const photo = await readPhotoUpload(request);
      const url = await photoFiles.store(app.config.uploadsDir, photo.bytes, photo.type);
      return ok(request, await setWarehousePhoto(app.db, operatorId(request), request.params.id, url));
    },
  );

  r.post(
    '/api/ops/warehouse/:id/gallery',
    {
      config: catalog,
      schema: {
        tags,
        summary: "Add a picture at the end of a warehouse product's gallery (multipart field `photo`: PNG, JPEG, WebP or GIF, at most 2 MB, at most 8 pictures; audited)",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: envelope(opsWarehouseRow) },
      },
    },
    async (request) => {
      await checkGalleryRoom(app.db, request.params.id);
      const photo = await readPhotoUpload(request);
      const url = await photoFiles.store(app.config.uploadsDir, photo.bytes, photo.type);
      return ok(request, await addGalleryImage(app.db, operatorId(request), request.params.id, url));
    },
  );

  r.post(
    '/api/ops/warehouse/:id/gallery/arrange',
    { config: catalog, schema: { tags, summary: "Put a warehouse product's gallery in a new order; a picture left out is removed (audited)", params: idParams, body: galleryArrangeBody, response: { 200: envelope(opsWarehouseRow) } } },
    async (request) => ok(request, await arrangeGallery(app.db, operatorId(request), request.params.id, request.body.images)),
  );

  r.post(
    '/api/ops/warehouse/import',
    {
      config: catalog,
      schema: {
        tags,
        summary: 'Import warehouse products from an XLSX or CSV sheet (multipart field `file`; columns name, description, category, purchasePrice, stock, active, and optionally name_<language> and description_<language>, e.g. name_th). dryRun=true (the default) only checks; otherwise the valid rows are created and rows with errors left out',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: envelope(importReport) },
      },
    },
    async (request) => ok(request, await importWarehouse(app.db, operatorId(request), await readImportUpload(request), { dryRun: request.query.dryRun, lang: request.lang })),
  );

  r.get(
    '/api/catalog/photos/:file',
    { config: { access: 'public' }, schema: { tags: ['products'], summary: "A warehouse product's photo (public: the mall's images send no token)", params: z.object({ file: z.string().max(64) }), response: { 200: binaryAnswer(LOGO_MIME_TYPES, 'The photo') } } },
    async (request, reply) => photoFiles.send(reply, app.config.uploadsDir, request.params.file),
  );

  r.get('/api/ops/shops', { config: shopsRead, schema: { tags, summary: 'Shops by name, owner or id, newest first, with balances and counts', querystring: opsShopsQuery, response: { 200: envelope(opsShopsPage) } } }, async (request) =>
    ok(request, await listShops(app.db, request.query)),
  );

  r.get('/api/ops/shops/:id', { config: shopsRead, schema: { tags, summary: "A shop's page: owner, balances, standing, counts and appeals", params: idParams, response: { 200: envelope(opsShopDetail) } } }, async (request) =>
    ok(request, await shopDetail(app.db, request.params.id)),
  );

  r.get(
    '/api/ops/shops/:id/orders',
    { config: shopsRead, schema: { tags, summary: "A shop's orders, newest first, each at the stage its seller sees", params: idParams, querystring: opsShopOrdersQuery, response: { 200: envelope(opsShopOrdersPage) } } },
    async (request) => ok(request, await shopOrdersPage(app.db, request.params.id, request.query)),
  );

  r.get('/api/ops/buyers', { config: shopsRead, schema: { tags, summary: 'Mall buyers by username or nickname, newest first', querystring: opsBuyersQuery, response: { 200: envelope(opsBuyersPage) } } }, async (request) =>
    ok(request, await listBuyers(app.db, request.query)),
  );

  r.post(
    '/api/ops/buyers/:id/freeze',
    { config: support, schema: { tags, summary: "Freeze a buyer's account with the reason they are shown: their sessions stop and the login refuses (audited)", params: idParams, body: buyerFreezeBody, response: { 200: envelope(opsBuyerRow) } } },
    async (request) => ok(request, await setBuyerFrozen(app.db, operatorId(request), request.params.id, { frozen: true, reason: request.body.reason })),
  );
  r.post('/api/ops/buyers/:id/unfreeze', { config: support, schema: { tags, summary: "Unfreeze a buyer's account (audited)", params: idParams, response: { 200: envelope(opsBuyerRow) } } }, async (request) =>
    ok(request, await setBuyerFrozen(app.db, operatorId(request), request.params.id, { frozen: false })),
  );

  r.get('/api/ops/appeals', { config: support, schema: { tags, summary: "Frozen shops' appeals by status, newest first", querystring: opsAppealsQuery, response: { 200: envelope(z.array(appealRow)) } } }, async (request) =>
    ok(request, await appealsByStatus(app.db, request.query.status)),
  );

  r.post(
    '/api/ops/appeals/:id/answer',
    { config: support, schema: { tags, summary: 'Answer an open appeal, unfreezing the shop with unfreeze=true (audited)', params: idParams, body: appealAnswerBody, response: { 200: envelope(appealRow) } } },
    async (request) => ok(request, await answerAppeal(app.db, operatorId(request), request.params.id, request.body)),
  );

  r.get('/api/shop/appeal', { config: { permission: 'member' }, schema: { tags: ['shop'], summary: 'Whether the shop is frozen, why, and its latest appeal', response: { 200: envelope(shopAppealState) } } }, async (request) =>
    ok(request, await readAppealState(app.db, callerShopId(request))),
  );

  r.post('/api/shop/appeal', { config: { permission: 'settings:edit' }, schema: { tags: ['shop'], summary: 'Appeal a freeze (one open appeal at a time)', body: appealBody, response: { 200: envelope(shopAppealState) } } }, async (request) =>
    ok(request, await submitAppeal(app.db, callerShopId(request), request.caller!.userId, request.body.text)),
  );

  r.get('/api/ops/settings', { config: settingsRead, schema: { tags, summary: 'The marketplace settings in force and which were changed in the console', response: { 200: envelope(marketplaceSettingsAnswer) } } }, async (request) =>
    ok(request, await readMarketplaceSettings(app.db, app.config)),
  );

  r.post('/api/ops/settings', { config: settingsWrite, schema: { tags, summary: 'Change the marketplace settings (audited with before and after)', body: marketplaceSettings, response: { 200: envelope(marketplaceSettingsAnswer) } } }, async (request) =>
    ok(request, await saveMarketplaceSettings(app.db, app.config, operatorId(request), request.body)),
  );

  r.get('/api/ops/money/overview', { config: moneyRead, schema: { tags, summary: "The platform accounts' balances, today's money and what waits", response: { 200: envelope(moneyOverview) } } }, async (request) =>
    ok(request, await readMoneyOverview(app.db)),
  );
}
