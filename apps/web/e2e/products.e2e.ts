import { describe, expect, inject, it } from 'vitest';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { api, productDetail, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

interface WarehouseRow {
  id: number;
  name: string;
  inShop: boolean;
  purchasePriceCents: number;
}

describe('catalog on the desktop (1440×900)', () => {
  it('batch adds 3 warehouse products at 20% and finds them in the shop products', async () => {
    const seller = await sellerSession(baseUrl);
    const warehouse = await api<{ list: WarehouseRow[] }>(baseUrl, 'GET', '/api/product/warehouse?page=1&pageSize=100', { authToken: seller.token });
    const picks = warehouse.list.filter((p) => !p.inShop).slice(0, 3);
    expect(picks).toHaveLength(3);

    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/products/warehouse?pageSize=100`);
    const table = page.getByTestId('warehouse-table');
    await table.waitFor();

    // Without a selection the dialog does not open.
    await page.getByTestId('warehouse-add').click();
    await page.getByText('Please select the products to add first').waitFor();
    expect(await page.getByTestId('add-dialog').count()).toBe(0);

    for (const p of picks) await table.locator(`tr[data-row-key="${p.id}"] .ant-checkbox-input`).check();
    await page.getByTestId('warehouse-add').click();
    await page.getByTestId('add-dialog').waitFor();
    await page.getByText('10%–30% suggested').waitFor();

    // Required, then a valid number.
    await page.getByTestId('add-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Please enter the profit ratio' }).waitFor();
    await page.getByTestId('add-ratio').fill('abc');
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'The profit ratio must be a valid number' }).waitFor();

    // A live preview of the first product at 20%.
    await page.getByTestId('add-ratio').fill('20');
    const expectedPrice = Math.round((picks[0].purchasePriceCents * 12_000) / 10_000);
    await expect.poll(() => page.getByTestId('preview-price').textContent()).toBe(`${(expectedPrice / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USDT`);

    await page.getByTestId('add-submit').click();
    await page.getByTestId('add-summary').filter({ hasText: 'Added: 3, already in the shop: 0, not added: 0' }).waitFor();
    await expect.poll(() => page.getByTestId('add-results').locator('[data-testid="result-added"]').count()).toBe(3);
    await page.getByTestId('add-done').click();

    // Each is now a shop product at 20%.
    for (const p of picks) {
      await page.goto(`${baseUrl}/products/list?name=${encodeURIComponent(p.name)}`);
      const row = page.getByTestId('products-table').locator('tr.ant-table-row').filter({ hasText: p.name }).first();
      await row.waitFor();
      await expect.poll(() => row.getByTestId('product-ratio').textContent()).toBe('20%');
    }

    // An added product cannot be selected again; the server still reports a repeat per
    // product (API test), e.g. from a page opened before the product was added.
    await page.goto(`${baseUrl}/products/warehouse?pageSize=100`);
    await expect.poll(() => table.locator(`tr[data-row-key="${picks[0].id}"] .ant-checkbox-input`).isDisabled()).toBe(true);
  });
});

describe('catalog on the phone (390×844)', () => {
  it('edits a product at /m/products/edit/{id} and sees the change', async () => {
    const seller = await sellerSession(baseUrl);
    const list = await api<{ list: { id: number; profitRatio: number; name: string; discountStart: string | null }[] }>(baseUrl, 'GET', '/api/product/list?status=on_sale&pageSize=50', {
      authToken: seller.token,
    });
    const product = list.list.find((p) => p.discountStart === null);
    if (!product) throw new Error('no on-sale product without a discount');
    const ratio = product.profitRatio === 27 ? '26' : '27';

    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/products/edit/${product.id}`);
    await page.getByTestId('m-edit-form').waitFor();
    const profit = page.getByTestId('m-edit-profit').locator('input');
    await profit.fill(ratio);
    const before = await productDetail(baseUrl, seller.token, product.id);
    const expected = Math.round((Math.round(before.priceCents / (1 + before.profitRatio / 100)) * (100 + Number(ratio))) / 100);
    await expect.poll(async () => (await page.getByTestId('m-edit-preview-price').textContent())?.endsWith('USDT')).toBe(true);

    // The discount ratio waits for its dates.
    await expect(page.getByTestId('m-edit-discount').locator('input').isDisabled()).resolves.toBe(true);

    await page.getByTestId('m-edit-save').click();
    await expectPath(page, '/m/products');
    const after = await productDetail(baseUrl, seller.token, product.id);
    expect(after.profitRatio).toBe(Number(ratio));
    expect(Math.abs(after.priceCents - expected)).toBeLessThanOrEqual(1);
    const card = page.getByTestId('m-product').filter({ hasText: product.name }).first();
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain(`${ratio}%`);
  });

  it('batch edits and batch deletes products on the phone, as on the desktop', async () => {
    const seller = await sellerSession(baseUrl);
    const auth = { authToken: seller.token };
    // Two products of its own, added through the API, so other tests' products stay as they are.
    const warehouse = await api<{ list: WarehouseRow[] }>(baseUrl, 'GET', '/api/product/warehouse?page=1&pageSize=100', auth);
    const picks = warehouse.list.filter((p) => !p.inShop).slice(-2);
    expect(picks).toHaveLength(2);
    await api(baseUrl, 'POST', '/api/product/batchAdd', auth, { warehouseProductIds: picks.map((p) => p.id), profitRatio: '15' });
    const shopIdOf = async (name: string) => {
      const found = await api<{ list: { id: number; name: string }[] }>(baseUrl, 'GET', `/api/product/list?name=${encodeURIComponent(name)}&pageSize=50`, auth);
      return found.list.filter((p) => p.name === name).map((p) => p.id);
    };
    const [first, second] = await Promise.all(picks.map(async (p) => (await shopIdOf(p.name))[0]));
    if (!first || !second) throw new Error('the added products are not in the shop');

    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/products`);
    await page.getByTestId('m-products-pick').click();
    // The picks are kept across searches, as the desktop's selection is across pages.
    for (const p of picks) {
      await page.getByTestId('m-products-search').locator('input').fill(p.name);
      await page.getByTestId('m-products-search').locator('input').press('Enter');
      const card = page.getByTestId('m-product').filter({ hasText: p.name }).first();
      await card.waitFor();
      await card.getByTestId('m-product-pick').click();
    }
    await expect.poll(() => page.getByTestId('m-products-count').textContent()).toBe('Selected: 2');

    // Batch edit: nothing changed is refused, then one profit ratio for both.
    await page.getByTestId('m-products-batch-edit').click();
    await page.getByTestId('m-batch-edit-sheet').waitFor();
    await page.getByText('Edit 2 products').waitFor();
    await page.getByTestId('m-batch-edit-submit').click();
    await page.getByTestId('m-batch-edit-error').filter({ hasText: 'Change at least one field' }).waitFor();
    await page.getByTestId('m-batch-edit-profit').locator('input').fill('abc');
    await page.getByTestId('m-batch-edit-submit').click();
    await page.getByText('The profit ratio must be a valid number').waitFor();
    await page.getByTestId('m-batch-edit-profit').locator('input').fill('23');
    // The preview is the first picked product's.
    const expectedPrice = Math.round((picks[0].purchasePriceCents * 12_300) / 10_000);
    await expect.poll(() => page.getByTestId('m-batch-edit-preview-price').textContent()).toBe(`${(expectedPrice / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USDT`);
    await page.getByTestId('m-batch-edit-submit').click();
    await page.getByTestId('m-batch-edit-summary').filter({ hasText: 'Updated: 2, failed: 0' }).waitFor();
    for (const id of [first, second]) expect((await productDetail(baseUrl, seller.token, id)).profitRatio).toBe(23);
    await page.getByTestId('m-batch-edit-submit').click();
    await expect.poll(() => page.getByTestId('m-products-bar').count()).toBe(0);

    // Batch delete: picked, confirmed, gone; the other stays.
    await page.getByTestId('m-products-pick').click();
    const card = page.getByTestId('m-product').filter({ hasText: picks[1].name }).first();
    await card.getByTestId('m-product-pick').click();
    await page.getByTestId('m-products-delete').click();
    await page.getByText('Delete 1 product?').waitFor();
    await page.getByTestId('m-delete-confirm').click();
    await page.getByText('1 product deleted').waitFor();
    await expect.poll(() => shopIdOf(picks[1].name)).not.toContain(second);
    expect(await shopIdOf(picks[0].name)).toContain(first);
    await expect.poll(() => page.getByTestId('m-product').filter({ hasText: picks[1].name }).count()).toBe(0);
  });
});
