import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  batchAddAnswer,
  batchAddBody,
  batchAnswer as batchAnswerSchema,
  batchUpdateBody,
  idsBody,
  productIdQuery,
  productListAnswer,
  productListQuery,
  productUpdateBody,
  recommendBody,
  recommendStatus as recommendStatusAnswer,
  setStatusBody,
  shopProductView,
  warehouseAnswer,
  warehouseQuery,
} from '@shopdesk/shared/products/schemas';
import { envelope } from '@shopdesk/shared/envelope';
import { shopVariantView } from '@shopdesk/shared/products/schemas';
import { shopVariantsPatchBody } from '@shopdesk/shared/products/variants';
import { z } from 'zod';
import { batchAnswer } from '../../lib/batch.ts';
import { ok } from '../../lib/envelope.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { batchAdd, batchDelete, batchUpdate, listProducts, productDetail, searchWarehouse, setStatus, updateProduct } from './product-service.ts';
import { recommendStatus, setRecommended } from './recommend-service.ts';
import { patchShopVariants } from './variant-service.ts';

const tags = ['products'];

export async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/product/warehouse', { config: { permission: 'products:view' }, schema: { tags, summary: 'The product warehouse: search, filter, page; inShop per product', querystring: warehouseQuery, response: { 200: envelope(warehouseAnswer) } } }, async (request) =>
    ok(request, await searchWarehouse(app.db, callerShopId(request), request.query, request.lang)),
  );

  r.post(
    '/api/product/batchAdd',
    { config: { permission: 'products:edit' }, schema: { tags, summary: 'Add warehouse products to the shop at a profit ratio (percent); per-product results', body: batchAddBody, response: { 200: envelope(batchAddAnswer) } } },
    async (request) => ok(request, await batchAdd(app.db, callerShopId(request), request.body)),
  );

  r.get('/api/product/list', { config: { permission: 'products:view' }, schema: { tags, summary: 'Shop products: filter by name, category, status, recommended; page', querystring: productListQuery, response: { 200: envelope(productListAnswer) } } }, async (request) =>
    ok(request, await listProducts(app.db, callerShopId(request), request.query, request.lang)),
  );

  r.get('/api/product/detail', { config: { permission: 'products:view' }, schema: { tags, summary: 'One shop product', querystring: productIdQuery, response: { 200: envelope(shopProductView) } } }, async (request) =>
    ok(request, await productDetail(app.db, callerShopId(request), request.query.id, request.lang)),
  );

  r.post('/api/product/update', { config: { permission: 'products:edit' }, schema: { tags, summary: 'Edit a shop product (ratios in percent; a discount ratio needs a date range)', body: productUpdateBody, response: { 200: envelope(shopProductView) } } }, async (request) => {
    const { id, ...patch } = request.body;
    return ok(request, await updateProduct(app.db, callerShopId(request), id, patch));
  });

  r.post(
    '/api/product/variants',
    { config: { permission: 'products:edit' }, schema: { tags, summary: "Switch single variants of a product on or off, or set their stock; answers the product's variants", body: shopVariantsPatchBody, response: { 200: envelope(z.array(shopVariantView)) } } },
    async (request) => ok(request, await patchShopVariants(app.db, callerShopId(request), request.body, request.lang)),
  );

  r.post('/api/product/batchUpdate', { config: { permission: 'products:edit' }, schema: { tags, summary: 'Batch edit profit ratio, discount, status; per-row results', body: batchUpdateBody, response: { 200: envelope(batchAnswerSchema) } } }, async (request) => {
    const { ids, ...patch } = request.body;
    return ok(request, batchAnswer(request, await batchUpdate(app.db, callerShopId(request), ids, patch)));
  });

  r.post('/api/product/batchDelete', { config: { permission: 'products:edit' }, schema: { tags, summary: 'Delete shop products; per-row results', body: idsBody, response: { 200: envelope(batchAnswerSchema) } } }, async (request) =>
    ok(request, batchAnswer(request, await batchDelete(app.db, callerShopId(request), request.body.ids))),
  );

  r.post('/api/product/setStatus', { config: { permission: 'products:edit' }, schema: { tags, summary: 'Put products on sale or off sale; per-row results', body: setStatusBody, response: { 200: envelope(batchAnswerSchema) } } }, async (request) =>
    ok(request, batchAnswer(request, await setStatus(app.db, callerShopId(request), request.body.ids, request.body.status))),
  );

  r.post('/api/product/recommend', { config: { permission: 'products:edit' }, schema: { tags, summary: 'Recommend a product or stop recommending it', body: recommendBody, response: { 200: envelope(shopProductView) } } }, async (request) =>
    ok(request, await setRecommended(app.db, app.config, callerShopId(request), request.body.id, request.body.recommended)),
  );

  r.get('/api/product/recommendStatus', { config: { permission: 'products:view' }, schema: { tags, summary: 'Active package and the counts the recommendation rules read', response: { 200: envelope(recommendStatusAnswer) } } }, async (request) =>
    ok(request, await recommendStatus(app.db, app.config, callerShopId(request))),
  );
}
