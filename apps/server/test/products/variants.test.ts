import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { priceVariant } from '@shopdesk/shared/products/pricing';
import { call, type TestContext, useTestApp } from '../helper.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { addWarehouseProducts, checkout, newBuyer, newShop, operatorToken, reconciled, type ShopFixture } from '../orders/fixtures.ts';
import { colours, shirt, shirtVariants, sell, sizes } from './variant-fixtures.ts';

const detail = async (ctx: TestContext, shop: ShopFixture, id: number) => (await call(ctx.app, 'GET', '/api/product/detail', { token: shop.token, query: { id } })).body.data;

describe('product variants', () => {
  const ctx = useTestApp();

  it('an operator sets axes and variants; bad sets are refused in the reader language with nothing changed', async () => {
    const op = await operatorToken(ctx);
    const { id, prefix, variants } = await shirt(ctx, op);
    expect(variants.map((v) => v.name)).toEqual(['Blue, M', 'Blue, L', 'Red, M', 'Red, L']);
    const url = `/api/ops/warehouse/${id}/variants`;
    const refusals: [unknown, string, number][] = [
      [{ options: [colours, sizes, { name: 'Fit', values: ['Slim'] }], variants: shirtVariants(`${prefix}x`) }, 'VARIANT_AXES_MAX', 400],
      [{ options: [{ name: 'N', values: Array.from({ length: 51 }, (_, i) => `v${i}`) }], variants: [{ sku: `${prefix}-n`, optionValues: ['v0'], purchasePriceCents: 100, suggestedPriceCents: 200, stock: 1 }] }, 'VARIANT_COMBINATIONS_MAX', 400],
      [{ options: [colours, sizes], variants: shirtVariants(prefix).map((v, i) => (i === 1 ? { ...v, sku: `${prefix}-Blue-M` } : v)) }, 'VARIANT_SKU_TAKEN', 409],
      [{ options: [colours, sizes], variants: shirtVariants(prefix).map((v, i) => (i === 1 ? { ...v, optionValues: ['Blue', 'XL'] } : v)) }, 'VARIANT_OPTIONS_MISMATCH', 400],
      [{ options: [colours, sizes], variants: shirtVariants(prefix).map((v, i) => (i === 1 ? { ...v, purchasePriceCents: 0 } : v)) }, 'VALIDATION_FAILED', 400],
      [{ options: [], variants: [{ sku: 'SD-999999', optionValues: [], purchasePriceCents: 100, suggestedPriceCents: 200, stock: 1 }] }, 'VARIANT_SKU_TAKEN', 409],
    ];
    for (const [body, error, status] of refusals) {
      const en = await call(ctx.app, 'POST', url, { token: op, body, lang: 'en-US' });
      const vi = await call(ctx.app, 'POST', url, { token: op, body, lang: 'vi-VN' });
      expect([en.status, en.body.error], JSON.stringify(body).slice(0, 80)).toEqual([status, error]);
      expect(vi.body.error).toBe(error);
      expect(vi.body.msg).not.toBe(en.body.msg);
    }
    // A SKU another product's variant has.
    const other = await shirt(ctx, op);
    const taken = await call(ctx.app, 'POST', url, { token: op, body: { options: [colours, sizes], variants: shirtVariants(other.prefix) }, lang: 'ja-JP' });
    expect(taken.body.error).toBe('VARIANT_SKU_TAKEN');
    expect(taken.body.msg).toContain(`${other.prefix}-Blue-M`);
    const after = await call(ctx.app, 'GET', url, { token: op });
    expect(after.body.data.variants.map((v: { sku: string }) => v.sku)).toEqual(shirtVariants(prefix).map((v) => v.sku));
    // The console's list tells the product with variants (its price and stock are then per variant) from one without.
    const listed = async (productId: number) => (await call(ctx.app, 'GET', '/api/ops/warehouse', { token: op, query: { q: String(productId), page: 1, pageSize: 5 } })).body.data.list.find((r: { id: number }) => r.id === productId);
    expect((await listed(id)).variantCount).toBe(4);
    const [plain] = await addWarehouseProducts(ctx.db, [5_00], 'clothing', 'Plain');
    expect((await listed(plain!)).variantCount).toBe(1);
  });

  it('a shop product carries every variant, priced by the pricing module at its ratios; the list has the price range and total stock', async () => {
    const op = await operatorToken(ctx);
    const shop = await newShop(ctx);
    const { id } = await shirt(ctx, op);
    const productId = await sell(ctx, shop, id, 20);
    // The warehouse page tells the seller the axes, the variant count and the supplier price range.
    const [plain] = await addWarehouseProducts(ctx.db, [7_00]);
    await sell(ctx, shop, plain!);
    const warehouse = await call(ctx.app, 'GET', '/api/product/warehouse', { token: shop.token, query: { inShop: 'true', page: 1, pageSize: 10 } });
    const spans = (wid: number) => {
      const w = warehouse.body.data.list.find((r: { id: number }) => r.id === wid);
      return [w.options, w.variantCount, w.purchasePriceMinCents, w.purchasePriceMaxCents];
    };
    expect(spans(id)).toEqual([[colours, sizes], 4, 10_00, 11_50]);
    expect(spans(plain!)).toEqual([[], 1, 7_00, 7_00]);
    const p = await detail(ctx, shop, productId);
    expect(p.variantCount).toBe(4);
    expect(p.stock).toBe(20);
    for (const v of p.variants) {
      expect(v.salePriceCents).toBe(priceVariant({ profitRatioBp: 2000, discountRatioBp: 0, discountStart: null, discountEnd: null }, v).salePriceCents);
    }
    expect([p.salePriceMinCents, p.salePriceMaxCents]).toEqual([12_00, 13_80]);
    // A discount applies to each variant.
    const now = Date.now();
    await call(ctx.app, 'POST', '/api/product/update', { token: shop.token, body: { id: productId, discountRatio: 10, discountStart: new Date(now - 3600_000).toISOString(), discountEnd: new Date(now + 3600_000).toISOString() } });
    const discounted = await detail(ctx, shop, productId);
    expect(discounted.variants.map((v: { salePriceCents: number }) => v.salePriceCents)).toEqual([10_80, 11_34, 11_88, 12_42]);
    const list = await call(ctx.app, 'GET', '/api/product/list', { token: shop.token, query: { page: 1, pageSize: 10 } });
    const row = list.body.data.list.find((r: { id: number }) => r.id === productId);
    expect([row.salePriceMinCents, row.salePriceMaxCents, row.stock, row.variantCount, row.variants]).toEqual([10_80, 12_42, 20, 4, undefined]);
    const withVariants = await call(ctx.app, 'GET', '/api/product/list', { token: shop.token, query: { page: 1, pageSize: 10, withVariants: 'true' } });
    expect(withVariants.body.data.list.find((r: { id: number }) => r.id === productId).variants).toHaveLength(4);
    // The product's stock is per variant now; switching one off takes it out of the total and the mall.
    const whole = await call(ctx.app, 'POST', '/api/product/update', { token: shop.token, body: { id: productId, stock: 3 } });
    expect(whole.body.error).toBe('VARIANT_STOCK_PER_VARIANT');
    const [blueM, blueL, redM, redL] = p.variants;
    const off = await call(ctx.app, 'POST', '/api/product/variants', { token: shop.token, body: { id: productId, variants: [{ id: redL.id, enabled: false }, { id: blueM.id, stock: 9 }] } });
    expect(off.status).toBe(200);
    expect((await detail(ctx, shop, productId)).stock).toBe(9 + 5 + 5);
    const last = await call(ctx.app, 'POST', '/api/product/variants', { token: shop.token, body: { id: productId, variants: [blueM, blueL, redM].map((v) => ({ id: v.id, enabled: false })) } });
    expect(last.body.error).toBe('VARIANT_LAST_ENABLED');
    const page = await call(ctx.app, 'GET', `/api/buyer/products/${productId}`, { headers: { buyertoken: (await newBuyer(ctx, 0)).token } });
    expect(page.status).toBe(200);
    expect(page.body.data.options).toEqual([colours, sizes]);
    expect(page.body.data.variants.map((v: { name: string; inStock: boolean; image: string | null }) => [v.name, v.inStock, v.image])).toEqual([
      ['Blue, M', true, '/img/blue.png'],
      ['Blue, L', true, '/img/blue.png'],
      ['Red, M', true, null],
    ]);
    // Another shop's product: 404.
    const stranger = await newShop(ctx);
    expect((await call(ctx.app, 'POST', '/api/product/variants', { token: stranger.token, body: { id: productId, variants: [{ id: blueM.id, enabled: false }] } })).status).toBe(404);
  });

  it('the cart keeps variants apart and an order records its variant for the seller, the CSV, the notification and the refund', async () => {
    const op = await operatorToken(ctx);
    const shop = await newShop(ctx);
    const { id, prefix } = await shirt(ctx, op);
    const productId = await sell(ctx, shop, id);
    const [blueM, , redM] = (await detail(ctx, shop, productId)).variants;
    const buyer = await newBuyer(ctx, 1_000_00);
    const headers = { buyertoken: buyer.token };
    expect((await call(ctx.app, 'POST', '/api/buyer/cart', { headers, body: { productId } })).body.error).toBe('VARIANT_REQUIRED');
    await call(ctx.app, 'POST', '/api/buyer/cart', { headers, body: { productId, variantId: blueM.id, quantity: 2 } });
    const cart = await call(ctx.app, 'POST', '/api/buyer/cart', { headers, body: { productId, variantId: redM.id } });
    const items = cart.body.data.shops[0].items;
    expect(items.map((i: { variantName: string; quantity: number; salePriceCents: number }) => [i.variantName, i.quantity, i.salePriceCents])).toEqual([
      ['Blue, M', 2, 12_00],
      ['Red, M', 1, 13_20],
    ]);
    const paid = await call(ctx.app, 'POST', '/api/buyer/cart/checkout', {
      headers,
      body: { itemIds: items.map((i: { itemId: number }) => i.itemId), address: { name: 'Tran Thi Binh', phone: '+84 912345678', area: 'District 1', address: '12 Le Loi Street' } },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orders = await call(ctx.app, 'POST', '/api/order/getOrderList', { token: shop.token, body: { page: 1, pageSize: 10 } });
    const lines = orders.body.data.list.map((o: { variantName: string; sku: string; unitPriceCents: number; purchaseAmountCents: number; quantity: number }) => [o.variantName, o.sku.split('-').slice(1).join('-'), o.unitPriceCents, o.purchaseAmountCents, o.quantity]);
    expect(lines.sort()).toEqual([
      ['Blue, M', 'Blue-M', 12_00, 20_00, 2],
      ['Red, M', 'Red-M', 13_20, 11_00, 1],
    ]);
    // The seller finds an order by its variant's name or SKU, in any case.
    const found = async (keyword: string) =>
      (await call(ctx.app, 'POST', '/api/order/getOrderList', { token: shop.token, body: { page: 1, pageSize: 10, keyword } })).body.data.list.map((o: { variantName: string }) => o.variantName);
    expect(await found('blue, m')).toEqual(['Blue, M']);
    expect(await found(`${prefix}-RED-M`.toLowerCase())).toEqual(['Red, M']);
    expect(await found(`${prefix}-Red`)).toEqual(['Red, M']);
    const v = await detail(ctx, shop, productId);
    expect(v.variants.map((x: { stock: number; totalSales: number }) => [x.stock, x.totalSales])).toEqual([[3, 2], [5, 0], [4, 1], [5, 0]]);
    expect(v.stock).toBe(17);
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/order/exportOrders', headers: { authtoken: shop.token } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('(Blue, M)');
    expect(csv.body).toContain('(Red, M)');
    const note = await call(ctx.app, 'GET', '/api/notifications/list', { token: shop.token, query: { page: 1, pageSize: 10 } });
    expect(JSON.stringify(note.body)).toContain('"variantName":"Red, M"');
    // Buy now names the variant too; a switched-off variant is refused.
    const single = await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, variantId: redM.id });
    expect(single.status).toBe(200);
    expect(single.body.data.variantName).toBe('Red, M');
    await call(ctx.app, 'POST', '/api/product/variants', { token: shop.token, body: { id: productId, variants: [{ id: redM.id, enabled: false }] } });
    expect((await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, variantId: redM.id })).body.error).toBe('VARIANT_UNAVAILABLE');
    // A refund before purchase gives the variant its unit back.
    const refund = await call(ctx.app, 'POST', '/api/buyer/refund', { headers, body: { orderId: single.body.data.orderId, reason: 'other', note: '' } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunds = await call(ctx.app, 'POST', '/api/order/refundList', { token: shop.token, body: { page: 1, pageSize: 10 } });
    expect(refunds.body.data.list[0].variantName).toBe('Red, M');
    expect((await reconciled(ctx, op)).ok).toBe(true);
  });

  it('variants given to a product shops already sell reach those shops; a kept variant keeps its stock and sales', async () => {
    const op = await operatorToken(ctx);
    const shop = await newShop(ctx);
    const [id] = await addWarehouseProducts(ctx.db, [10_00], 'clothing', 'Plain');
    const productId = await sell(ctx, shop, id!);
    const plain = await detail(ctx, shop, productId);
    expect(plain.variants.map((v: { sku: string; name: string; stock: number }) => [v.sku, v.name, v.stock])).toEqual([[`SD-${id}`, '', 1000]]);
    await call(ctx.app, 'POST', '/api/product/update', { token: shop.token, body: { id: productId, stock: 40 } });
    const implicit = (await call(ctx.app, 'GET', `/api/ops/warehouse/${id}/variants`, { token: op })).body.data.variants[0];
    const variants = shirtVariants(`K${id}`).map((v, i) => (i === 0 ? { ...v, id: implicit.id, sku: `SD-${id}` } : v));
    const saved = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}/variants`, { token: op, body: { options: [colours, sizes], variants } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await detail(ctx, shop, productId);
    expect(after.variants.map((v: { name: string; stock: number; purchasePriceCents: number; enabled: boolean }) => [v.name, v.stock, v.purchasePriceCents, v.enabled])).toEqual([
      ['Blue, M', 40, 10_00, true],
      ['Blue, L', 5, 10_50, true],
      ['Red, M', 5, 11_00, true],
      ['Red, L', 5, 11_50, true],
    ]);
    expect([after.stock, after.purchasePriceCents, after.salePriceMinCents, after.salePriceMaxCents]).toEqual([55, 10_00, 12_00, 13_80]);
  });

  it('100 checkouts at once of the last 10 units of one variant sell exactly 10', async () => {
    const op = await operatorToken(ctx);
    const shop = await newShop(ctx);
    const { id } = await shirt(ctx, op);
    const productId = await sell(ctx, shop, id);
    const [blueM, blueL] = (await detail(ctx, shop, productId)).variants;
    await call(ctx.app, 'POST', '/api/product/variants', { token: shop.token, body: { id: productId, variants: [{ id: blueM.id, stock: 10 }, { id: blueL.id, stock: 100 }] } });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newBuyer(ctx, 1_000_00)));
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => checkout(ctx.app, buyers[i % 10]!.token, { shopId: shop.shopId, shopProductId: productId, variantId: blueM.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.error === 'OUT_OF_STOCK')).toBe(true);
    const [counts] = rowsOf<{ sold: number; stock: number; other: number; product: number }>(
      await ctx.db.execute(sql`select
        (select count(*)::int from orders where variant_id = ${blueM.id}::integer) as sold,
        (select stock from shop_product_variants where id = ${blueM.id}::integer) as stock,
        (select stock from shop_product_variants where id = ${blueL.id}::integer) as other,
        (select stock from shop_products where id = ${productId}::integer) as product`),
    );
    expect(counts).toEqual({ sold: 10, stock: 0, other: 100, product: 110 });
    expect((await reconciled(ctx, op)).ok).toBe(true);
  });
});
