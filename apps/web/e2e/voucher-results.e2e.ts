import fs from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launch } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, topUp } from './support/mall.ts';

/**
 * A voucher's results: a code voucher of the demo shop ending within 24 hours, used in one mall
 * checkout (through the API), shows on the dashboard's to-do strip, whose link opens the voucher list
 * filtered to it; its results drawer shows the order and downloads the CSV. Ended afterwards.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];
let cleanup: (() => Promise<unknown>) | null = null;

afterAll(async () => {
  await cleanup?.();
  for (const context of contexts.splice(0)) await context.close();
});

interface Card {
  productId: number;
  shopId: number;
  stock: number;
  salePriceCents: number;
}

describe('voucher results', () => {
  it('the to-do strip leads to a voucher ending soon, whose results show its order and download as CSV', async () => {
    const seller = await sellerSession(baseUrl);
    const auth = { authToken: seller.token };
    const tag = Date.now().toString(36).toUpperCase();
    const name = `Results ${tag}`;
    const now = Date.now();
    const { voucher } = await api<{ voucher: { id: number } }>(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, {
      name, scope: 'shop', productIds: [], kind: 'amount', amountOffCents: 1_00, percentOff: null, maxDiscountCents: null, minSpendCents: 0,
      startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 20 * 3600_000).toISOString(),
      totalQuantity: 10, perBuyerLimit: 1, visibility: 'code', code: `R${tag}`.slice(0, 20), acceptLoss: true,
    });
    cleanup = () => api(baseUrl, 'POST', `/api/marketing/vouchers/${voucher.id}/end`, auth, {});

    // A buyer types the code and checks out one product of the shop with it.
    const cards = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const product = cards.list.find((c) => c.shopId === seller.shopId && c.stock > 5 && c.salePriceCents >= 5_00);
    if (!product) throw new Error('the demo shop has no product with stock in the mall');
    const buyer = await registerBuyer(baseUrl, 'vres');
    await topUp(baseUrl, buyer, 1_000_00);
    await api(baseUrl, 'POST', '/api/buyer/vouchers/redeem', buyerHeaders(buyer), { shopId: seller.shopId, code: `R${tag}`.slice(0, 20) });
    const cart = await api<{ shops: { items: { itemId: number; productId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: product.productId, quantity: 1 });
    const itemId = cart.shops.flatMap((s) => s.items).find((i) => i.productId === product.productId)!.itemId;
    const address = { name: 'E2E Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street' };
    await api(baseUrl, 'POST', '/api/buyer/cart/checkout', buyerHeaders(buyer, true), { itemIds: [itemId], voucherIds: [voucher.id], address });

    const context = await launch('desktop');
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    // The count, not the label's "24 hours".
    const count = page.getByTestId('todo-vouchers').locator('.ant-statistic-content');
    await count.waitFor();
    expect(Number((await count.textContent())?.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(1);
    await page.getByTestId('todo-vouchers').click();
    await expectPath(page, '/marketing/vouchers?ending=soon');
    await page.getByTestId('voucher-ending-filter').waitFor();
    await page.getByTestId('voucher-table').getByText(name).waitFor();

    await page.getByTestId(`voucher-results-${voucher.id}`).click();
    const drawer = page.getByTestId('voucher-results');
    await drawer.getByTestId('voucher-results-totals').waitFor();
    expect((await drawer.getByTestId('voucher-results-orders').locator('dd').textContent())?.trim()).toBe('1');
    expect(await drawer.getByTestId('voucher-results-discountGiven').locator('dd').textContent()).toContain('1.00');
    await drawer.getByTestId('voucher-results-window').getByText('Last 30 days').click();
    await expect.poll(async () => drawer.locator('[data-testid="voucher-results-days"] tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBe(30);

    const download = page.waitForEvent('download');
    await drawer.getByTestId('voucher-results-csv').click();
    const lines = fs.readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Promotion,Date,Orders,Buyers,Sales,Discount given,Profit');
    expect(lines[1]).toMatch(new RegExp(`^${name},Last 30 days,1,1,`));
    expect(lines).toHaveLength(2 + 30);
  });
});
