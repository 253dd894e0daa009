import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../helper.ts';
import { addShopProducts, addWarehouseProducts, CARRIER_KEY, deliver, fundShopDirect, newBuyer, newShop, orderRow, placeOrder, purchase, type ShopFixture } from '../orders/fixtures.ts';

let ctx: TestContext;
let shop: ShopFixture;
beforeAll(async () => {
  ctx = await createTestApp({ carrierKey: CARRIER_KEY });
  shop = await newShop(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, query: Record<string, string | number> = {}, token = shop.token) => call(ctx.app, 'GET', url, { token, query });
const post = (url: string, body: unknown, token = shop.token) => call(ctx.app, 'POST', url, { token, body });

describe('product warehouse', () => {
  it('searches by name, category and price, pages, and flags what is already in the shop', async () => {
    const [cheap, mid, dear] = await addWarehouseProducts(ctx.db, [5_00, 50_00, 500_00], 'computer', 'Warehouse Keyboard');
    await addWarehouseProducts(ctx.db, [20_00], 'clothing', 'Warehouse Shirt');
    await post('/api/product/batchAdd', { warehouseProductIds: [mid], profitRatio: 20 });

    const byName = await get('/api/product/warehouse', { name: 'warehouse keyboard', pageSize: 50 });
    expect(byName.status).toBe(200);
    expect(byName.body.data.total).toBe(3);
    const rows = byName.body.data.list as { id: number; inShop: boolean; shopProductId: number | null; purchasePriceCents: number }[];
    expect(rows.find((r) => r.id === mid)).toMatchObject({ inShop: true, purchasePriceCents: 50_00 });
    expect(rows.find((r) => r.id === mid)!.shopProductId).toEqual(expect.any(Number));
    expect(rows.find((r) => r.id === cheap)).toMatchObject({ inShop: false, shopProductId: null });

    const priced = await get('/api/product/warehouse', { name: 'Warehouse', category: 'computer', minPriceCents: 10_00, maxPriceCents: 100_00 });
    expect(priced.body.data.list.map((r: { id: number }) => r.id)).toEqual([mid]);
    expect((await get('/api/product/warehouse', { name: 'Warehouse', inShop: 'false' })).body.data.total).toBe(3);
    expect((await get('/api/product/warehouse', { name: 'Warehouse', inShop: 'true' })).body.data.total).toBe(1);
    const page2 = await get('/api/product/warehouse', { name: 'Warehouse', page: 2, pageSize: 3 });
    expect(page2.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.body.data.list).toHaveLength(1);
    // LIKE wildcards typed by the seller are taken literally.
    expect((await get('/api/product/warehouse', { name: '%' })).body.data.total).toBe(0);
    expect(dear).toBeGreaterThan(0);
  });

  it('batch add: per-product results (added, already in the shop, not found), never failing as a whole', async () => {
    const [a, b] = await addWarehouseProducts(ctx.db, [10_00, 20_00]);
    await post('/api/product/batchAdd', { warehouseProductIds: [a], profitRatio: 15 });
    const res = await post('/api/product/batchAdd', { warehouseProductIds: [a, b, 99_999_999, b], profitRatio: 20 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ added: 1, alreadyInShop: 1, notFound: 1, profitRatio: 20, suggested: { min: 10, max: 30 }, outsideSuggested: false });
    expect(res.body.data.results).toEqual([
      { warehouseProductId: a, result: 'already_in_shop', productId: expect.any(Number) },
      { warehouseProductId: b, result: 'added', productId: expect.any(Number) },
      { warehouseProductId: 99_999_999, result: 'not_found', productId: null },
    ]);
    // The product keeps the ratio it was first added with.
    const first = await get('/api/product/detail', { id: res.body.data.results[0].productId });
    expect(first.body.data.profitRatio).toBe(15);
  });

  it('batch add: refuses no selection and a missing or invalid profit ratio; accepts 0 < r ≤ 500 with the 10–30% hint', async () => {
    const [w] = await addWarehouseProducts(ctx.db, [10_00]);
    const none = await post('/api/product/batchAdd', { warehouseProductIds: [], profitRatio: 20 });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'NO_SELECTION', msg: 'Please select products first' });
    expect((await post('/api/product/batchAdd', { profitRatio: 20 })).body.error).toBe('NO_SELECTION');
    for (const profitRatio of [undefined, '', 'abc', 0, -5, 500.01, '1e9']) {
      const bad = await post('/api/product/batchAdd', { warehouseProductIds: [w], profitRatio });
      expect(bad.status, String(profitRatio)).toBe(400);
      expect(bad.body.details[0].path).toBe('profitRatio');
    }
    const high = await post('/api/product/batchAdd', { warehouseProductIds: [w], profitRatio: '45.5' });
    expect(high.status).toBe(200);
    expect(high.body.data).toMatchObject({ added: 1, profitRatio: 45.5, outsideSuggested: true });
  });
});

describe('shop products', () => {
  it('shows every SPEC §3 field with prices derived from the purchase price and the ratios', async () => {
    const [id] = await addShopProducts(ctx, shop, [12_34], 20);
    const { body } = await get('/api/product/detail', { id });
    expect(body.data).toMatchObject({
      id,
      purchasePriceCents: 12_34,
      priceCents: 14_81, // 12.34 × 1.2 = 14.808 → 14.81
      salePriceCents: 14_81,
      discountPriceCents: 14_81,
      profitCents: 2_47,
      profitRatio: 20,
      discountRatio: 0,
      discountStart: null,
      discountEnd: null,
      discountActive: false,
      stock: 1000,
      views: 0,
      totalSales: 0,
      status: 'on_sale',
      published: true,
      isRecommended: false,
      isNew: true,
      category: 'phone',
    });
    for (const field of ['name', 'cover', 'description', 'rating', 'createTime']) expect(body.data).toHaveProperty(field);
  });

  it('lists with filters by name, category, status and recommended; pages', async () => {
    const s = await newShop(ctx);
    const phones = await addShopProducts(ctx, s, [10_00, 11_00, 12_00], 20, 'phone');
    await addShopProducts(ctx, s, [30_00], 20, 'appliance');
    await post('/api/product/setStatus', { ids: [phones[0]], status: 'off_sale' }, s.token);
    const all = await get('/api/product/list', {}, s.token);
    expect(all.body.data.total).toBe(4);
    expect((await get('/api/product/list', { category: 'phone' }, s.token)).body.data.total).toBe(3);
    expect((await get('/api/product/list', { status: 'off_sale' }, s.token)).body.data.list.map((p: { id: number }) => p.id)).toEqual([phones[0]]);
    expect((await get('/api/product/list', { recommended: 'false' }, s.token)).body.data.total).toBe(4);
    expect((await get('/api/product/list', { recommended: 'true' }, s.token)).body.data.total).toBe(0);
    const name = all.body.data.list[0].name as string;
    expect((await get('/api/product/list', { name: name.toUpperCase() }, s.token)).body.data.total).toBe(1);
    expect((await get('/api/product/list', { page: 2, pageSize: 3 }, s.token)).body.data.list).toHaveLength(1);
  });

  it('edits a product; a discount ratio needs a discount date range first, and the range must be in order', async () => {
    const [id] = await addShopProducts(ctx, shop, [100_00], 20); // price 120.00
    const noDates = await post('/api/product/update', { id, discountRatio: 10 });
    expect(noDates.status).toBe(400);
    expect(noDates.body).toMatchObject({ error: 'DISCOUNT_DATES_REQUIRED', msg: 'Choose the discount date range before the discount ratio' });
    const backwards = await post('/api/product/update', { id, discountRatio: 10, discountStart: '2026-02-10', discountEnd: '2026-02-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details[0].path).toBe('discountEnd');
    expect((await post('/api/product/update', { id, discountRatio: 100, discountStart: '2020-01-01', discountEnd: '2099-01-01' })).status).toBe(400);

    const now = Date.now();
    const running = await post('/api/product/update', {
      id,
      discountRatio: 25,
      discountStart: new Date(now - 3600_000).toISOString(),
      discountEnd: new Date(now + 3600_000).toISOString(),
      profitRatio: 30,
      name: '  Renamed product ',
      description: 'New text',
      stock: 7,
    });
    expect(running.status).toBe(200);
    // price 130.00, discount price 97.50 (running now), profit −2.50 per unit.
    expect(running.body.data).toMatchObject({ name: 'Renamed product', description: 'New text', stock: 7, priceCents: 130_00, discountPriceCents: 97_50, salePriceCents: 97_50, profitCents: -2_50, discountActive: true, discountRatio: 25, profitRatio: 30 });
    // Dates already set: a new ratio alone is fine; a date-only end date covers that whole day.
    const later = await post('/api/product/update', { id, discountRatio: 10, discountStart: '2099-01-01', discountEnd: '2099-01-31' });
    expect(later.body.data).toMatchObject({ discountActive: false, salePriceCents: 130_00, discountPriceCents: 117_00, discountEnd: '2099-01-31T23:59:59.999Z' });
    // Clearing the dates while a ratio remains is refused; clearing both is fine.
    expect((await post('/api/product/update', { id, discountStart: null, discountEnd: null })).body.error).toBe('DISCOUNT_DATES_REQUIRED');
    expect((await post('/api/product/update', { id, discountRatio: 0, discountStart: null, discountEnd: null })).body.data).toMatchObject({ discountRatio: 0, discountStart: null });
    expect((await post('/api/product/update', { id, profitRatio: 'abc' })).status).toBe(400);
  });

  it('batch edit answers per row, batch delete keeps the orders, status changes per row', async () => {
    const s = await newShop(ctx);
    await fundShopDirect(ctx.db, s.shopId, 100_00);
    const ids = await addShopProducts(ctx, s, [10_00, 20_00, 30_00], 20);
    await post('/api/product/update', { id: ids[0], discountRatio: 5, discountStart: '2020-01-01', discountEnd: '2099-12-31' }, s.token);

    const edit = await post('/api/product/batchUpdate', { ids: [ids[0], ids[1], 424242], discountRatio: 10, profitRatio: 25 }, s.token);
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(edit.body.data.results).toEqual([
      { id: ids[0], ok: true },
      { id: ids[1], ok: false, error: 'DISCOUNT_DATES_REQUIRED', msg: 'Choose the discount date range before the discount ratio' },
      { id: 424242, ok: false, error: 'NOT_FOUND', msg: 'Not found' },
    ]);
    expect((await get('/api/product/detail', { id: ids[0] }, s.token)).body.data).toMatchObject({ discountRatio: 10, profitRatio: 25 });
    expect((await get('/api/product/detail', { id: ids[1] }, s.token)).body.data).toMatchObject({ discountRatio: 0, profitRatio: 20 });
    const off = await post('/api/product/batchUpdate', { ids, status: 'off_sale' }, s.token);
    expect(off.body.data).toMatchObject({ succeeded: 3, failed: 0 });
    expect((await post('/api/product/batchUpdate', { ids: [] }, s.token)).body.error).toBe('NO_SELECTION');

    const status = await post('/api/product/setStatus', { ids: [ids[2], 424242], status: 'on_sale' }, s.token);
    expect(status.body.data.results).toEqual([{ id: ids[2], ok: true }, expect.objectContaining({ id: 424242, ok: false, error: 'NOT_FOUND' })]);

    // An order of a deleted product keeps its name, image and money.
    const buyer = await newBuyer(ctx);
    const orderId = await placeOrder(ctx, buyer.token, s.shopId, ids[2]);
    await purchase(ctx.app, s, [orderId]);
    const deleted = await post('/api/product/batchDelete', { ids: [ids[2], ids[1], 424242] }, s.token);
    expect(deleted.body.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect((await get('/api/product/detail', { id: ids[2] }, s.token)).status).toBe(404);
    const kept = await orderRow(ctx.db, orderId);
    expect(kept).toMatchObject({ shopProductId: null, purchaseStatus: 'purchased' });
    expect(kept.productName).toBeTruthy();
    await deliver(ctx.app, orderId);
    expect((await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: s.token, query: { orderId } })).body.data).toMatchObject({ paymentStatus: 'completed', shopProductId: null });
    expect((await get('/api/product/list', {}, s.token)).body.data.total).toBe(1);
  });

  it("answers 404 for another shop's product on every route", async () => {
    const [id] = await addShopProducts(ctx, shop, [10_00], 20);
    const other = await newShop(ctx);
    expect((await get('/api/product/detail', { id }, other.token)).status).toBe(404);
    expect((await post('/api/product/update', { id, stock: 1 }, other.token)).status).toBe(404);
    expect((await post('/api/product/recommend', { id, recommended: true }, other.token)).status).toBe(404);
    expect((await post('/api/product/batchDelete', { ids: [id] }, other.token)).body.data.results[0]).toMatchObject({ ok: false, error: 'NOT_FOUND' });
    expect((await post('/api/product/setStatus', { ids: [id], status: 'off_sale' }, other.token)).body.data.failed).toBe(1);
    expect((await get('/api/product/detail', { id })).body.data).toMatchObject({ stock: 1000, status: 'on_sale' });
    expect((await get('/api/product/list', {}, other.token)).body.data.total).toBe(0);
  });

  it('requires a seller session', async () => {
    expect((await call(ctx.app, 'GET', '/api/product/list')).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/product/warehouse')).status).toBe(401);
  });
});
