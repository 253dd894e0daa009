import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickUntilShown, pageOpener } from './support/page.ts';
import { DEMO, expectPath, idleButton, loginDesktop, loginPhone } from './support/app.ts';
import { DEMO_FUND_PASSWORD } from './support/wallet.ts';
import { api, availableCents, badgeCount, buyerToken, orderDetail, pendingCount, placeOrder, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

async function centsAttr(page: Page, testId: string): Promise<number> {
  const el = page.getByTestId(testId).first();
  await el.waitFor();
  return Number(await el.getAttribute('data-cents'));
}

describe('orders on the desktop (1440×900)', () => {
  it('purchases a waiting order with the fund password: the balance drops and the badge falls by one', async () => {
    const seller = await sellerSession(baseUrl);
    const { orderId, purchaseAmountCents } = await placeOrder(baseUrl, seller);
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.getByTestId('orders-badge').locator('.ant-scroll-number').waitFor();
    const badgeBefore = await badgeCount(page);
    expect(badgeBefore).toBe(await pendingCount(baseUrl, seller.token));

    await page.goto(`${baseUrl}/orders?tab=to_purchase&ids=${orderId}`);
    const row = page.getByTestId('orders-table').locator(`tr[data-row-key="${orderId}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('countdown').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await row.getByTestId('order-purchase').click();
    await page.getByTestId('purchase-dialog').waitFor();
    const before = await centsAttr(page, 'purchase-available');
    expect(before).toBe(await availableCents(baseUrl, seller.token));
    expect(await centsAttr(page, 'purchase-total')).toBe(purchaseAmountCents);

    // A wrong fund password is refused in the form and moves nothing.
    await page.getByTestId('purchase-fund-password').fill('000000');
    await page.getByTestId('purchase-submit').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    expect(await availableCents(baseUrl, seller.token)).toBe(before);

    await page.getByTestId('purchase-fund-password').fill(DEMO_FUND_PASSWORD);
    await idleButton(page, 'purchase-submit').click();
    await page.getByTestId('purchase-summary').waitFor();
    expect(await centsAttr(page, 'purchase-available-after')).toBe(before - purchaseAmountCents);
    expect(await availableCents(baseUrl, seller.token)).toBe(before - purchaseAmountCents);
    await page.getByTestId('purchase-done').click();

    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(badgeBefore - 1);
    await expect.poll(() => page.getByTestId('orders-table').locator(`tr[data-row-key="${orderId}"]`).count()).toBe(0);
    expect((await orderDetail(baseUrl, seller.token, orderId)).purchaseStatus).toBe('purchased');
  });

  it('approves a refund request in the refund dialog', async () => {
    const seller = await sellerSession(baseUrl);
    const { orderId } = await placeOrder(baseUrl, seller, 'buyer8');
    const token = await buyerToken(baseUrl, 'buyer8');
    await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: token }, { orderId, reason: 'quality', note: 'Broken on arrival (e2e)' });

    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/products/refunds`);
    const row = page.getByTestId('refunds-table').locator(`tr[data-row-key="${orderId}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Broken on arrival (e2e)');
    await expect.poll(() => row.textContent()).toContain('Quality issues');
    await row.getByTestId('refund-handle').click();
    await page.getByTestId('refund-dialog').waitFor();

    // Rejecting needs a reason. Each click is made until its effect shows: under load a click in the
    // dialog as it zooms in was lost once in CI (the submit then approved instead of asking for a
    // reason). Choosing "reject" again, or submitting without a reason again, changes nothing.
    const reasonError = page.locator('.ant-form-item-explain-error').filter({ hasText: 'Please give a reason for rejecting' });
    await clickUntilShown(page.getByTestId('refund-reject'), page.getByTestId('refund-reject-reason'));
    await clickUntilShown(page.getByTestId('refund-submit'), reasonError);

    await clickUntilShown(page.getByTestId('refund-approve'), page.getByTestId('refund-approve-hint'));
    await page.getByTestId('refund-submit').click();
    await page.getByTestId('refund-result').filter({ hasText: 'Refund approved' }).waitFor();
    expect((await orderDetail(baseUrl, seller.token, orderId)).refundStatus).toBe('approved');
    await page.getByTestId('refund-done').click();
    await expect.poll(() => page.getByTestId('refunds-table').locator(`tr[data-row-key="${orderId}"]`).count()).toBe(0);
  });

  it('replies to a review once', async () => {
    const seller = await sellerSession(baseUrl);
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/products/reviews?unanswered=1`);
    const row = page.getByTestId('reviews-table').locator('tr.ant-table-row').first();
    await row.waitFor();
    const id = Number(await row.getAttribute('data-row-key'));
    await row.getByTestId('review-reply-button').click();
    await page.getByTestId('reply-dialog').waitFor();
    await page.getByTestId('reply-text').fill('Thank you for your feedback, we will do better (e2e).');
    await page.getByTestId('reply-submit').click();
    // A click that lands while the dialog is still zooming in does nothing (seen once on a busy CI
    // machine: the dialog stayed open, no error): send again; a refusal fails with its text.
    for (let attempt = 1; ; attempt++) {
      const closed = await page.getByTestId('reply-dialog').waitFor({ state: 'detached', timeout: 8_000 }).then(() => true, () => false);
      if (closed) break;
      const refusal = (await page.getByTestId('reply-error').count()) > 0 ? await page.getByTestId('reply-error').textContent() : null;
      if (refusal !== null || attempt >= 3) throw new Error(`The reply dialog stayed open${refusal ? `: ${refusal}` : ''}`);
      await page.getByTestId('reply-submit').click();
    }
    await expect.poll(() => page.getByTestId('reviews-table').locator(`tr[data-row-key="${id}"]`).count()).toBe(0);

    const all = await api<{ list: { id: number; reply: string | null }[] }>(baseUrl, 'POST', '/api/review/list', { authToken: seller.token }, { rating: 'all', pageSize: 100 });
    expect(all.list.find((r) => r.id === id)?.reply).toBe('Thank you for your feedback, we will do better (e2e).');
    await page.goto(`${baseUrl}/products/reviews`);
    await page.getByTestId('reviews-table').locator(`tr[data-row-key="${id}"]`).getByTestId('review-reply').waitFor();
  });
});

describe('orders on the phone (390×844)', () => {
  it('purchases an order from /m/order-detail with the fund password', async () => {
    const seller = await sellerSession(baseUrl);
    const { orderId, purchaseAmountCents } = await placeOrder(baseUrl, seller, 'buyer9');
    const before = await availableCents(baseUrl, seller.token);

    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/order-detail?orderId=${orderId}`);
    await page.getByTestId('m-order-detail').waitFor();
    await expect.poll(() => page.getByTestId('m-detail-id').textContent()).toBe(orderId);
    await page.getByTestId('m-detail-purchase').click();
    await page.getByTestId('m-purchase-popup').waitFor();
    expect(await centsAttr(page, 'm-purchase-available')).toBe(before);
    expect(await centsAttr(page, 'm-purchase-total')).toBe(purchaseAmountCents);
    await page.getByTestId('m-purchase-passcode').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-purchase-popup').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('m-detail-purchase-status').textContent()).toBe('Purchased');
    expect(await availableCents(baseUrl, seller.token)).toBe(before - purchaseAmountCents);
    expect((await orderDetail(baseUrl, seller.token, orderId)).purchaseStatus).toBe('purchased');
  });
});
