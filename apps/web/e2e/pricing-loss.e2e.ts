import { describe, expect, inject, it } from 'vitest';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

interface Row {
  id: number;
  name: string;
  profitRatio: number;
  discountStart: string | null;
  purchasePriceCents: number;
  profitCents: number;
}

const detail = (token: string, id: number) => api<Row>(baseUrl, 'GET', `/api/product/detail?id=${id}`, { authToken: token });

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('a loss-making price asks first', () => {
  it('a 95% discount shows the unit loss and saves only when confirmed; the lists show the loss in the error colour (desktop and phone)', async () => {
    const seller = await sellerSession(baseUrl);
    const list = await api<{ list: Row[] }>(baseUrl, 'GET', '/api/product/list?status=on_sale&pageSize=100', { authToken: seller.token });
    // The last products without a discount: the other browser tests take theirs from the start of the list.
    const product = list.list.filter((p) => p.discountStart === null).at(-1);
    if (!product) throw new Error('no on-sale product without a discount');

    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/products/list?name=${encodeURIComponent(product.name)}`);
    const row = page.getByTestId('products-table').locator(`tr[data-row-key="${product.id}"]`);
    await row.waitFor();
    await row.getByTestId('product-edit').click();
    const dialog = page.getByTestId('edit-dialog');
    await dialog.waitFor();
    const dates = dialog.locator('.ant-picker-range input');
    await dates.nth(0).click();
    await dates.nth(0).fill(day(-1));
    await dates.nth(0).press('Enter');
    await dates.nth(1).fill(day(7));
    await dates.nth(1).press('Enter');
    await expect.poll(() => page.getByTestId('edit-discount').isDisabled()).toBe(false);
    await page.getByTestId('edit-discount').fill('95');
    await page.getByTestId('edit-submit').click();

    // The question names the price it would sell at and the loss per unit.
    const price = Math.round((product.purchasePriceCents * (10_000 + Math.round(product.profitRatio * 100))) / 10_000);
    const discounted = Math.round((price * 500) / 10_000);
    const loss = ((discounted - product.purchasePriceCents) / 100).toFixed(2);
    const question = page.getByTestId('price-confirm');
    await question.waitFor();
    await expect.poll(() => question.textContent()).toContain('below its purchase price');
    expect((await question.textContent())?.replace(/[,\u2212]/g, (c) => (c === ',' ? '' : '-'))).toContain(`${loss} USDT`);
    // Going back saves nothing.
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    expect((await detail(seller.token, product.id)).discountStart).toBeNull();

    await page.getByTestId('edit-submit').click();
    await page.getByTestId('price-confirm-ok').click();
    await page.getByTestId('edit-summary').filter({ hasText: 'Updated: 1, failed: 0' }).waitFor();
    const saved = await detail(seller.token, product.id);
    expect(saved.profitCents).toBe(discounted - product.purchasePriceCents);
    await page.getByTestId('edit-done').click();

    // The list shows the loss in the error colour.
    const profit = row.getByTestId('product-profit');
    await expect.poll(() => profit.getAttribute('class')).toContain('ant-typography-danger');
    const errorColour = await profit.evaluate((el) => getComputedStyle(el).color);
    expect(errorColour).not.toBe(await row.getByTestId('product-ratio').evaluate((el) => getComputedStyle(el).color));

    // On the phone: its list shows the loss in the error colour, and a new ratio that still sells
    // below the cost asks the same question.
    const phone = await open('phone');
    await loginPhone(phone, baseUrl, DEMO);
    await expectPath(phone, '/m/shop');
    await phone.goto(`${baseUrl}/m/products?name=${encodeURIComponent(product.name)}`);
    const card = phone.getByTestId('m-product').filter({ hasText: product.name }).first();
    await expect.poll(() => card.getByTestId('m-product-profit').getAttribute('class')).toBe('m-loss');
    await phone.goto(`${baseUrl}/m/products/edit/${product.id}`);
    await phone.getByTestId('m-edit-form').waitFor();
    const ratio = product.profitRatio === 21 ? '22' : '21';
    await phone.getByTestId('m-edit-profit').locator('input').fill(ratio);
    await phone.getByTestId('m-edit-save').click();
    const phoneQuestion = phone.getByTestId('m-price-confirm');
    await phoneQuestion.waitFor();
    await expect.poll(() => phoneQuestion.textContent()).toContain('below its purchase price');
    await phone.getByText('Go back').click();
    await expect.poll(() => phoneQuestion.isVisible()).toBe(false);
    expect((await detail(seller.token, product.id)).profitRatio).toBe(product.profitRatio);
    await phone.getByTestId('m-edit-save').click();
    await phone.getByTestId('m-price-confirm-ok').click();
    await expectPath(phone, '/m/products');
    expect((await detail(seller.token, product.id)).profitRatio).toBe(Number(ratio));
  });

  it('adding warehouse products at 250% asks first; going back adds nothing', async () => {
    const seller = await sellerSession(baseUrl);
    const warehouse = await api<{ list: { id: number; name: string; inShop: boolean }[] }>(baseUrl, 'GET', '/api/product/warehouse?page=1&pageSize=100', { authToken: seller.token });
    const pick = warehouse.list.filter((p) => !p.inShop).at(-3);
    if (!pick) throw new Error('no warehouse product outside the shop');
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/products/warehouse?pageSize=100`);
    const table = page.getByTestId('warehouse-table');
    await table.locator(`tr[data-row-key="${pick.id}"] .ant-checkbox-input`).check();
    await page.getByTestId('warehouse-add').click();
    await page.getByTestId('add-ratio').fill('250');
    await page.getByTestId('add-submit').click();
    const question = page.getByTestId('price-confirm');
    await question.waitFor();
    await expect.poll(() => question.textContent()).toContain('far from the suggested 10%–30%');
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    expect(await page.getByTestId('add-summary').count()).toBe(0);
    const after = await api<{ list: { id: number; inShop: boolean }[] }>(baseUrl, 'GET', '/api/product/warehouse?page=1&pageSize=100', { authToken: seller.token });
    expect(after.list.find((p) => p.id === pick.id)?.inShop).toBe(false);
  });
});
