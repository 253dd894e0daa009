import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickUntilShown, pageOpener, showColumn } from './support/page.ts';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { api, placeOrder, sellerSession } from './support/orders.ts';

/** The desktop's tables: tables that fit, a remembered column chooser, search, tabs across a reload, rough edges. */
const baseUrl = inject('baseUrl');
const open = pageOpener();

/** Whether a table scrolls sideways: its scroll box wider inside than out. */
const scrollsSideways = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((table) => {
    const box = table.querySelector('.ant-table-content, .ant-table-body');
    return box ? box.scrollWidth > box.clientWidth + 1 : false;
  });

async function search(page: Page, text: string) {
  const input = page.getByTestId('orders-ids').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

const rowOf = (page: Page, orderId: string) => page.getByTestId('orders-table').locator(`tr[data-row-key="${orderId}"]`);

describe('desktop tables and search (1440×900)', () => {
  it('fits the orders table, searches, remembers columns and tabs, and says why before a click', async () => {
    const seller = await sellerSession(baseUrl);
    const fresh = await placeOrder(baseUrl, seller);
    const second = await placeOrder(baseUrl, seller);
    const seeded = await api<{ list: { orderId: string; receiverPhone: string; productName: string }[] }>(
      baseUrl,
      'POST',
      '/api/order/getOrderList',
      { authToken: seller.token },
      { tab: 'signed', page: 1, pageSize: 1 },
    );
    const target = seeded.list[0];

    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');

    // The orders table: every decision column on screen, no sideways scroll at 1440 px.
    await page.goto(`${baseUrl}/orders`);
    await page.getByTestId('orders-table').locator('tr.ant-table-row').first().waitFor();
    expect(await scrollsSideways(page, 'orders-table')).toBe(false);

    // Search by a part of an order id, then by a phone's last digits typed without its prefix.
    await search(page, fresh.orderId.slice(5, 15));
    await rowOf(page, fresh.orderId).waitFor();
    await expect.poll(() => page.getByTestId('orders-table').locator('tr.ant-table-row').count()).toBeLessThanOrEqual(2);
    const digits = target.receiverPhone.replace(/\D/g, '').slice(-7);
    await search(page, digits);
    await rowOf(page, target.orderId).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(digits);

    // The batch purchase dialog lists which orders, not only how many.
    await search(page, `${fresh.orderId}, ${second.orderId}`);
    for (const id of [fresh.orderId, second.orderId]) await rowOf(page, id).locator('.ant-checkbox-input').check();
    await page.getByTestId('orders-batch-purchase').click();
    const listed = page.getByTestId('purchase-orders');
    await listed.waitFor();
    for (const id of [fresh.orderId, second.orderId]) await listed.locator(`tr[data-row-key="${id}"]`).waitFor();
    await page.keyboard.press('Escape');
    await listed.waitFor({ state: 'detached' });

    // The column chooser: a column switched on stays after a reload, and the tabs do too.
    await page.goto(`${baseUrl}/wallet`);
    await page.getByTestId('tab-/wallet').waitFor();
    await page.goto(`${baseUrl}/orders`);
    const header = page.getByTestId('orders-table').locator('th', { hasText: 'Created' });
    await showColumn(page, 'orders', 'createTime', header);
    await page.reload();
    await page.getByTestId('orders-table').locator('tr.ant-table-row').first().waitFor();
    await header.waitFor();
    const tabs = await page.locator('.page-tabs [data-testid^="tab-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(tabs).toEqual(expect.arrayContaining(['tab-/dashboard', 'tab-/wallet', 'tab-/orders']));

    // An off-sale product's recommend switch is off limits before the click, and actions say what they do.
    await page.goto(`${baseUrl}/products/list?status=off_sale`);
    const offRow = page.getByTestId('products-table').locator('tr.ant-table-row').first();
    await offRow.waitFor();
    expect(await offRow.getByTestId('recommend-switch').isDisabled()).toBe(true);
    expect(await offRow.getByTestId('product-toggle-status').textContent()).toBe('Put on sale');

    // Batch edit: "change at least one field" goes once a field is changed.
    await offRow.getByTestId('product-edit').click();
    // Submitting nothing only shows the message, so a submit the form did not see while the dialog
    // zoomed in (once in CI under load: no message in 30 s) is simply made again.
    await clickUntilShown(page.getByTestId('edit-submit'), page.getByTestId('edit-error'));
    await page.getByTestId('edit-profit').fill('20');
    await page.getByTestId('edit-error').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // The warehouse price filter: letters and a reversed range each get their own message.
    await page.goto(`${baseUrl}/products/warehouse`);
    await page.getByTestId('warehouse-min').fill('abc');
    await page.getByTestId('warehouse-search').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Enter a number, such as 12.50' }).waitFor();
    await page.getByTestId('warehouse-min').fill('50');
    await page.getByTestId('warehouse-max').fill('10');
    await page.getByTestId('warehouse-search').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'The max price must not be below the min price' }).waitFor();
    expect(new URL(page.url()).searchParams.get('minPrice')).toBeNull();
  });
});
