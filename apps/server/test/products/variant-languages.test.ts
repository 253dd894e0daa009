import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../helper.ts';
import { addWarehouseProducts, newBuyer, newShop, operatorToken } from '../orders/fixtures.ts';

const colours = { name: 'Colour', values: ['Blue', 'Red'] };
const sizes = { name: 'Size', values: ['M', 'L'] };
const variantsOf = (prefix: string) =>
  colours.values.flatMap((colour) => sizes.values.map((size) => ({ sku: `${prefix}-${colour}-${size}`, optionValues: [colour, size], purchasePriceCents: 10_00, suggestedPriceCents: 15_00, stock: 5 })));
/** Thai colours and axis names; the sizes' values are left empty, so they fall back to M and L. */
const thai = [
  { name: 'สี', values: ['น้ำเงิน', 'แดง'] },
  { name: 'ขนาด', values: ['', ''] },
];
const address = { name: 'Somchai Jaidee', phone: '+66 812345678', area: 'Bang Rak', address: '99 Silom Road' };

type Named = { name: string; optionValues: string[] };

describe('option texts in other languages', () => {
  const ctx = useTestApp();

  it('a Thai reader sees the Thai axes and values on the product page, the seller list and detail and the cart; the order keeps the English', async () => {
    const op = await operatorToken(ctx);
    const [id] = await addWarehouseProducts(ctx.db, [10_00], 'clothing', 'Shirt');
    const prefix = `L${id}`;
    const url = `/api/ops/warehouse/${id}/variants`;
    const saved = await call(ctx.app, 'POST', url, { token: op, body: { options: [colours, sizes], variants: variantsOf(prefix), optionTranslations: { 'th-TH': thai, 'zh-CN': [] } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.optionTranslations).toEqual({ 'th-TH': thai });
    // The product's name and description texts are a separate set: replacing them keeps the option texts.
    const renamed = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}`, { token: op, body: { translations: { 'zh-CN': { name: '衬衫' } } } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.translations).toEqual({ 'zh-CN': { name: '衬衫', description: '' } });
    expect((await call(ctx.app, 'GET', url, { token: op })).body.data.optionTranslations).toEqual({ 'th-TH': thai });

    const shop = await newShop(ctx);
    const added = await call(ctx.app, 'POST', '/api/product/batchAdd', { token: shop.token, body: { warehouseProductIds: [id], profitRatio: 20 } });
    const productId = added.body.data.results[0].productId as number;
    const buyer = await newBuyer(ctx, 1_000_00);
    const page = async (lang: string) => (await call(ctx.app, 'GET', `/api/buyer/products/${productId}`, { headers: { buyertoken: buyer.token }, lang })).body.data;
    const th = await page('th-TH');
    expect(th.options).toEqual([
      { name: 'สี', values: ['น้ำเงิน', 'แดง'] },
      { name: 'ขนาด', values: ['M', 'L'] },
    ]);
    expect(th.variants.map((v: Named) => [v.name, v.optionValues])).toEqual([
      ['น้ำเงิน, M', ['น้ำเงิน', 'M']],
      ['น้ำเงิน, L', ['น้ำเงิน', 'L']],
      ['แดง, M', ['แดง', 'M']],
      ['แดง, L', ['แดง', 'L']],
    ]);
    const en = await page('en-US');
    expect(en.options).toEqual([colours, sizes]);
    expect(en.variants.map((v: Named) => v.name)).toEqual(['Blue, M', 'Blue, L', 'Red, M', 'Red, L']);
    // A language without option texts falls back to the English.
    expect((await page('zh-CN')).options).toEqual([colours, sizes]);

    const detail = async (lang: string) => (await call(ctx.app, 'GET', '/api/product/detail', { token: shop.token, query: { id: productId }, lang })).body.data;
    const sellerTh = await detail('th-TH');
    expect(sellerTh.options[0]).toEqual({ name: 'สี', values: ['น้ำเงิน', 'แดง'] });
    expect(sellerTh.variants.map((v: Named) => v.name)).toEqual(['น้ำเงิน, M', 'น้ำเงิน, L', 'แดง, M', 'แดง, L']);
    expect((await detail('en-US')).variants.map((v: Named) => v.name)).toEqual(['Blue, M', 'Blue, L', 'Red, M', 'Red, L']);
    const list = await call(ctx.app, 'GET', '/api/product/list', { token: shop.token, query: { page: 1, pageSize: 10, withVariants: 'true' }, lang: 'th-TH' });
    const row = list.body.data.list.find((r: { id: number }) => r.id === productId);
    expect(row.options[0].name).toBe('สี');
    expect(row.variants[2].name).toBe('แดง, M');
    // The warehouse a seller picks from names the axes in the reader's language as well.
    const warehouse = async (lang: string) =>
      (await call(ctx.app, 'GET', '/api/product/warehouse', { token: shop.token, query: { inShop: 'true', page: 1, pageSize: 50 }, lang })).body.data.list.find((w: { id: number }) => w.id === id);
    expect((await warehouse('th-TH')).options).toEqual(th.options);
    expect((await warehouse('en-US')).options).toEqual([colours, sizes]);

    const headers = { buyertoken: buyer.token };
    const redM = sellerTh.variants[2].id as number;
    await call(ctx.app, 'POST', '/api/buyer/cart', { headers, body: { productId, variantId: redM }, lang: 'th-TH' });
    const cartTh = await call(ctx.app, 'GET', '/api/buyer/cart', { headers, lang: 'th-TH' });
    const item = cartTh.body.data.shops[0].items[0];
    expect(item.variantName).toBe('แดง, M');
    expect((await call(ctx.app, 'GET', '/api/buyer/cart', { headers, lang: 'en-US' })).body.data.shops[0].items[0].variantName).toBe('Red, M');
    const paid = await call(ctx.app, 'POST', '/api/buyer/cart/checkout', { headers, body: { itemIds: [item.itemId], address }, lang: 'th-TH' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The order records the English name: with the SKU it identifies the variant whatever the reader's language.
    const orders = await call(ctx.app, 'POST', '/api/order/getOrderList', { token: shop.token, body: { page: 1, pageSize: 10 }, lang: 'th-TH' });
    expect(orders.body.data.list.map((o: { variantName: string; sku: string }) => [o.variantName, o.sku])).toEqual([['Red, M', `${prefix}-Red-M`]]);
  });

  it('option texts that do not match the axes are refused in the reader language; a save without them keeps those that still fit', async () => {
    const op = await operatorToken(ctx);
    const [id] = await addWarehouseProducts(ctx.db, [10_00], 'clothing', 'Shirt');
    const prefix = `M${id}`;
    const url = `/api/ops/warehouse/${id}/variants`;
    const body = { options: [colours, sizes], variants: variantsOf(prefix) };
    expect((await call(ctx.app, 'POST', url, { token: op, body: { ...body, optionTranslations: { 'th-TH': thai } } })).status).toBe(200);
    const mismatches = [
      [thai[0]], // one axis of two
      [thai[0], { name: 'ขนาด', values: ['กลาง'] }], // one value of two
      [{ name: 'สี', values: ['แดง', 'แดง'] }, thai[1]], // two values alike
      [{ name: 'สี', values: ['Red', ''] }, thai[1]], // alike once the English fills the gap
    ];
    for (const translated of mismatches) {
      const en = await call(ctx.app, 'POST', url, { token: op, body: { ...body, optionTranslations: { 'th-TH': translated } }, lang: 'en-US' });
      const vi = await call(ctx.app, 'POST', url, { token: op, body: { ...body, optionTranslations: { 'th-TH': translated } }, lang: 'vi-VN' });
      expect([en.status, en.body.error], JSON.stringify(translated)).toEqual([400, 'VARIANT_TRANSLATION_MISMATCH']);
      expect(vi.body.error).toBe('VARIANT_TRANSLATION_MISMATCH');
      expect(en.body.msg).toContain('ไทย');
      expect(vi.body.msg).toContain('ไทย');
      expect(vi.body.msg).not.toBe(en.body.msg);
    }
    // A language that is not a translated one is refused by the schema.
    const english = await call(ctx.app, 'POST', url, { token: op, body: { ...body, optionTranslations: { 'en-US': thai } } });
    expect([english.status, english.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await call(ctx.app, 'GET', url, { token: op })).body.data.optionTranslations).toEqual({ 'th-TH': thai });

    // Sent again without texts and with the same shape: kept. With a third size: they no longer fit and go.
    const current = (await call(ctx.app, 'GET', url, { token: op })).body.data.variants as { id: number; sku: string; optionValues: string[] }[];
    const kept = current.map((v) => ({ ...variantsOf(prefix).find((w) => w.sku === v.sku)!, id: v.id }));
    expect((await call(ctx.app, 'POST', url, { token: op, body: { options: body.options, variants: kept } })).body.data.optionTranslations).toEqual({ 'th-TH': thai });
    const bigger = { name: 'Size', values: ['M', 'L', 'XL'] };
    const withXl = [...kept, ...colours.values.map((colour) => ({ sku: `${prefix}-${colour}-XL`, optionValues: [colour, 'XL'], purchasePriceCents: 10_00, suggestedPriceCents: 15_00, stock: 5 }))];
    const grown = await call(ctx.app, 'POST', url, { token: op, body: { options: [colours, bigger], variants: withXl } });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect(grown.body.data.optionTranslations).toEqual({});
  });
});
