/**
 * Screenshots of the seller's variant screens (not a test): the desktop list with a product's
 * variants expanded (one stock mistyped), the refusal of switching off the last one, and the
 * warehouse row's summary; the phone's edit page with its variants, its product list and warehouse;
 * at 1440×900 and 390×844 in en-US and ja-JP, into screenshots/product-variants/. The newest
 * product of the demo shop gets 3 colours × 3 sizes through the console first. Run after a build:
 *   npx tsx apps/web/e2e/product-variants-screenshots.ts
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, sellerSession } from './support/orders.ts';
import { setWarehouseVariants, warehouseVariants } from './support/ops.ts';
import { operatorToken } from './support/wallet.ts';

const OUT = path.join(repoRoot, 'screenshots/product-variants');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'ja-JP'] as const;

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const op = await operatorToken(baseUrl);
  const { list } = await api<{ list: { id: number; warehouseProductId: number; name: string }[] }>(baseUrl, 'GET', '/api/product/list?pageSize=1', { authToken: seller.token });
  const product = list[0]!;
  const [only] = (await warehouseVariants(baseUrl, op, product.warehouseProductId)).variants;
  const colours = ['Black', 'White', 'Navy'];
  const sizes = ['S', 'M', 'L'];
  await setWarehouseVariants(baseUrl, op, product.warehouseProductId, {
    options: [
      { name: 'Colour', values: colours },
      { name: 'Size', values: sizes },
    ],
    variants: colours.flatMap((colour, c) =>
      sizes.map((size, s) => ({
        ...(c === 0 && s === 0 ? { id: only!.id } : {}),
        sku: `SHOT-${colour.toUpperCase()}-${size}`,
        optionValues: [colour, size],
        purchasePriceCents: only!.purchasePriceCents + c * 1_00 + s * 50,
        suggestedPriceCents: only!.suggestedPriceCents + c * 1_00 + s * 50,
        stock: 10 + c * 5 + s,
        image: null,
      })),
    ),
  });
  const detail = await api<{ variants: { id: number }[] }>(baseUrl, 'GET', `/api/product/detail?id=${product.id}`, { authToken: seller.token });
  const setEnabled = (ids: number[], enabled: boolean) => api(baseUrl, 'POST', '/api/product/variants', { authToken: seller.token }, { id: product.id, variants: ids.map((id) => ({ id, enabled })) });
  await setEnabled([detail.variants[8]!.id], false);

  for (const language of LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/products/list`);
      await settle(page, 'products-table');
      await page.locator(`tr[data-row-key="${product.id}"] .ant-table-row-expand-icon`).click();
      await settle(page, 'variants-table');
      await page.getByTestId('variant-stock').nth(1).fill('1.5');
      await page.waitForTimeout(300);
      await shoot(page, `${tag}-list-expanded`, false);
      // The last variant switched off: the server's refusal above the variants.
      const keep = detail.variants[0]!.id;
      await setEnabled(detail.variants.slice(1, 8).map((v) => v.id), false);
      await page.reload();
      await settle(page, 'products-table');
      await page.locator(`tr[data-row-key="${product.id}"] .ant-table-row-expand-icon`).click();
      await settle(page, 'variants-table');
      await page.locator(`[data-testid="variants-table"] tr[data-row-key="${keep}"] [data-testid="variant-switch"]`).click();
      await settle(page, 'variants-refusal');
      await shoot(page, `${tag}-list-refusal`, false);
      await setEnabled(detail.variants.slice(1, 8).map((v) => v.id), true);
      await page.goto(`${baseUrl}/products/warehouse?name=${encodeURIComponent(product.name)}`);
      await settle(page, 'warehouse-row-variants');
      await shoot(page, `${tag}-warehouse`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/products/edit/${product.id}`);
      await settle(page, 'm-variants');
      await shoot(page, `${tag}-edit`);
      await page.getByTestId('m-variant').nth(1).scrollIntoViewIfNeeded();
      await page.getByTestId('m-variant-stock').nth(1).locator('input').fill('abc');
      await page.getByTestId('m-variant-stock').nth(2).locator('input').fill('40');
      await page.waitForTimeout(300);
      await shoot(page, `${tag}-edit-variants`);
      await page.goto(`${baseUrl}/m/products`);
      await settle(page, 'm-product');
      await shoot(page, `${tag}-list`);
      await page.goto(`${baseUrl}/m/warehouse?inShop=1&name=${encodeURIComponent(product.name)}`);
      await settle(page, 'm-warehouse-item');
      await shoot(page, `${tag}-warehouse`);
    });
  }
});
