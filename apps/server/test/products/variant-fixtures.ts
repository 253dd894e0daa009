/** Set-up of products with variants for the variant and spreadsheet tests, through the console's and the seller's API. */
import { expect } from 'vitest';
import { call, type TestContext } from '../helper.ts';
import { addWarehouseProducts, type ShopFixture } from '../orders/fixtures.ts';

export const colours = { name: 'Colour', values: ['Blue', 'Red'] };
export const sizes = { name: 'Size', values: ['M', 'L'] };
/** Blue/Red × M/L, supplier prices 10.00 to 11.50 by combination, 5 each in the warehouse. */
export const shirtVariants = (prefix: string) =>
  colours.values.flatMap((colour, c) =>
    sizes.values.map((size, s) => ({ sku: `${prefix}-${colour}-${size}`, optionValues: [colour, size], purchasePriceCents: 10_00 + c * 100 + s * 50, suggestedPriceCents: 15_00, stock: 5, image: colour === 'Blue' ? '/img/blue.png' : null })),
  );

/** A warehouse shirt with the four variants, set by an operator. */
export async function shirt(ctx: TestContext, op: string, prefix = `T${Math.random().toString(36).slice(2, 8)}`) {
  const [id] = await addWarehouseProducts(ctx.db, [10_00], 'clothing', 'Shirt');
  const saved = await call(ctx.app, 'POST', `/api/ops/warehouse/${id}/variants`, { token: op, body: { options: [colours, sizes], variants: shirtVariants(prefix) } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: id!, prefix, variants: saved.body.data.variants as { id: number; sku: string; name: string }[] };
}

/** The shop starts selling a warehouse product; its shop product id. */
export async function sell(ctx: TestContext, shop: ShopFixture, warehouseProductId: number, profitRatio = 20): Promise<number> {
  const added = await call(ctx.app, 'POST', '/api/product/batchAdd', { token: shop.token, body: { warehouseProductIds: [warehouseProductId], profitRatio } });
  expect(added.status).toBe(200);
  return added.body.data.results[0].productId;
}
