import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginPhone } from './support/app.ts';
import { DEMO_FUND_PASSWORD } from './support/wallet.ts';
import { api, buyerToken, orderDetail, placeOrder, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

/** Page errors (uncaught exceptions) of the page, collected from the start. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('phone parity (390×844)', () => {
  it('searches, batch-purchases with one fund password, replies to a review, rejects a refund, shows not found and keeps the list position', { timeout: 90_000 }, async () => {
    const seller = await sellerSession(baseUrl);
    const auth = { authToken: seller.token };
    // Two fresh orders waiting for purchase, and a third the buyer asks a refund for.
    const first = await placeOrder(baseUrl, seller, 'buyer11');
    const second = await placeOrder(baseUrl, seller, 'buyer12');
    const refunded = await placeOrder(baseUrl, seller, 'buyer13');
    await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: await buyerToken(baseUrl, 'buyer13') }, { orderId: refunded.orderId, reason: 'quality', note: 'Screen cracked (e2e)' });

    const page = await open('phone');
    const pageErrors = collectPageErrors(page);
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');

    // Search orders by a part of the order id: the list narrows to that order, in the URL.
    await page.goto(`${baseUrl}/m/orders`);
    const part = first.orderId.slice(-9);
    await page.getByTestId('m-orders-search').locator('input').fill(part);
    await page.keyboard.press('Enter');
    await expectPath(page, `/m/orders?keyword=${part}`);
    await expect.poll(() => page.getByTestId('m-order-id').allTextContents()).toEqual([first.orderId]);

    // Search products by name and category.
    const products = await api<{ list: { name: string; category: string }[] }>(baseUrl, 'GET', '/api/product/list?pageSize=5', auth);
    const product = products.list[0];
    await page.goto(`${baseUrl}/m/products`);
    await page.getByTestId('m-products-search').locator('input').fill(product.name);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('m-product-name').allTextContents()).toContain(product.name);
    await page.getByTestId('m-products-category').click();
    await page.locator('.adm-action-sheet-button-item').filter({ visible: true }).nth(1).click();
    await page.waitForURL((url) => url.searchParams.has('category'));
    const names = await page.getByTestId('m-product-name').allTextContents();
    expect(names.every((n) => n.toLowerCase().includes(product.name.toLowerCase()))).toBe(true);

    // Add from the warehouse at a profit ratio (validated as on the desktop).
    await page.goto(`${baseUrl}/m/warehouse?inShop=0`);
    const item = page.getByTestId('m-warehouse-item').first();
    const added = (await item.getByTestId('m-warehouse-name').textContent()) ?? '';
    await item.click();
    await expect.poll(() => page.getByTestId('m-warehouse-count').textContent()).toBe('Selected: 1');
    await page.getByTestId('m-warehouse-add').click();
    await page.getByTestId('m-add-ratio').locator('input').fill('abc');
    await page.getByTestId('m-add-submit').click();
    await expect.poll(() => page.getByTestId('m-add-ratio-error').textContent()).toBe('The profit ratio must be a valid number');
    await page.getByTestId('m-add-ratio').locator('input').fill('20');
    await page.getByTestId('m-add-submit').click();
    await page.getByTestId('m-add-sheet').waitFor({ state: 'detached' });
    const inShop = await api<{ list: { name: string; profitRatio: number }[] }>(baseUrl, 'GET', `/api/product/list?name=${encodeURIComponent(added)}`, auth);
    expect(inShop.list.find((p) => p.name === added)?.profitRatio).toBe(20);

    // Batch purchase: two orders picked, their count, total and list shown, ONE fund-password entry.
    await page.goto(`${baseUrl}/m/orders?tab=to_purchase`);
    await page.getByTestId('m-batch-start').click();
    for (const { orderId } of [first, second]) {
      const card = page.getByTestId('m-order').filter({ hasText: orderId });
      await card.getByTestId('m-order-pick').click();
    }
    await expect.poll(() => page.getByTestId('m-batch-count').textContent()).toBe('Selected: 2');
    const total = ((first.purchaseAmountCents + second.purchaseAmountCents) / 100).toFixed(2);
    await expect.poll(() => page.getByTestId('m-batch-total').textContent()).toContain(total);
    await page.getByTestId('m-batch-purchase').click();
    await page.getByTestId('m-purchase-popup').waitFor();
    await expect(page.getByTestId('m-purchase-order').count()).resolves.toBe(2);
    await expect(page.getByTestId('m-purchase-total').getAttribute('data-cents')).resolves.toBe(String(first.purchaseAmountCents + second.purchaseAmountCents));
    await page.getByTestId('m-purchase-passcode').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-purchase-popup').waitFor({ state: 'detached' });
    for (const { orderId } of [first, second]) expect((await orderDetail(baseUrl, seller.token, orderId)).purchaseStatus).toBe('purchased');
    await page.getByTestId('m-batch-bar').waitFor({ state: 'detached' });

    // Reviews: the unanswered ones, a reply is required, then sent.
    await page.goto(`${baseUrl}/m/reviews?unanswered=1`);
    const review = page.getByTestId('m-review').first();
    await review.waitFor();
    const content = (await review.getByTestId('m-review-content').textContent()) ?? '';
    await review.getByTestId('m-review-reply-button').click();
    await page.getByTestId('m-reply-submit').click();
    await expect.poll(() => page.getByTestId('m-reply-error').textContent()).toBe('Please write a reply');
    await page.getByTestId('m-reply-text').locator('textarea').fill('Thank you, glad you like it (phone e2e).');
    await page.getByTestId('m-reply-submit').click();
    await page.getByTestId('m-reply-sheet').waitFor({ state: 'detached' });
    const replied = await api<{ list: { content: string; reply: string | null }[] }>(baseUrl, 'POST', '/api/review/list', auth, { rating: 'all', pageSize: 100 });
    expect(replied.list.some((r) => r.reply === 'Thank you, glad you like it (phone e2e).' && (r.content || 'No text') === content)).toBe(true);

    // Reject a refund: an empty reason is said in place (no page error), then a reason goes through.
    await page.goto(`${baseUrl}/m/order-detail?orderId=${refunded.orderId}`);
    await page.getByTestId('m-refund-reject').click();
    await page.getByTestId('m-reject-dialog').waitFor();
    await page.locator('.adm-dialog-button').filter({ hasText: 'Reject' }).click();
    await expect.poll(() => page.getByTestId('m-reject-reason-error').textContent()).toBe('Please give a reason for rejecting');
    await page.getByTestId('m-reject-reason').locator('textarea').fill('The photos show no damage (e2e).');
    await page.locator('.adm-dialog-button').filter({ hasText: 'Reject' }).click();
    await page.getByTestId('m-reject-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await orderDetail(baseUrl, seller.token, refunded.orderId)).refundStatus).toBe('rejected');

    // Not found: bad and unknown ids say so with a way back, never endless loading or a raw text.
    for (const [path, testId, back] of [
      ['/m/products/edit/abc', 'm-product-not-found', '/m/products'],
      ['/m/products/edit/0', 'm-product-not-found', '/m/products'],
      ['/m/products/edit/99999999', 'm-product-not-found', '/m/products'],
      ['/m/order-detail?orderId=NO-SUCH-ORDER', 'm-order-not-found', '/m/orders'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId(testId).waitFor();
      await expect(page.getByText('Invalid value').count()).resolves.toBe(0);
      await expect(page.getByText('Retry').count()).resolves.toBe(0);
      await page.getByTestId(`${testId}-back`).click();
      await expectPath(page, back);
    }

    // Back from an order detail returns to where the list was: deep in it, on its second page
    // (further down than the detail page is tall, so a restore on the detail page falls short).
    await page.goto(`${baseUrl}/m/orders`);
    // The app keeps the position itself rather than trusting the browser's own restoration (which
    // lands right in this Chromium, but ~1,400 px away where the issue was seen): switched off here.
    await page.evaluate(() => {
      window.history.scrollRestoration = 'manual';
    });
    await page.getByTestId('m-order').nth(19).scrollIntoViewIfNeeded();
    await page.getByTestId('m-order').nth(25).waitFor();
    const card = page.getByTestId('m-order').nth(24).locator('.m-order-card-body');
    await card.scrollIntoViewIfNeeded();
    const saved = await scrollY(page);
    expect(saved).toBeGreaterThan(3000);
    await card.click();
    await page.getByTestId('m-order-detail').waitFor();
    await page.locator('.adm-nav-bar-back').click();
    await page.getByTestId('m-orders-page').waitFor();
    await expect.poll(() => scrollY(page)).toBe(saved);

    expect(pageErrors).toEqual([]);
  });
});
