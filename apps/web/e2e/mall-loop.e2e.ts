import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { DEMO_FUND_PASSWORD, removeTinyPngs, writeTinyPng } from './support/wallet.ts';
import { buyerHeaders, carryUntil, registerBuyer, signInMall, topUp } from './support/mall.ts';
import type { ProductCard } from '@shopdesk/shared/mall/schemas';

/**
 * The whole loop in the browser: a buyer on a phone (390×844) registers, tops up, finds a
 * product of the demo shop through search, adds it to the cart, claims a coupon and pays with it;
 * the seller's open orders page (desktop) gets the live notification; the seller purchases the
 * stock with the fund password; the carrier signs it; the buyer reviews it with a photo; the seller
 * replies; the buyer sees the reply; the seller's dashboard shows the view, the sale and the profit.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  removeTinyPngs();
});

async function openDevice(device: 'phone' | 'desktop'): Promise<Page> {
  const context = await launch(device);
  contexts.push(context);
  return context.pages()[0] ?? (await context.newPage());
}

interface Today {
  today: { salesCents: number; profitCents: number };
}

/** The cents of an amount shown as "1,234.56 USDT" (en-US). */
function centsOfText(text: string | null): number {
  const match = /-?[\d,]+\.\d{2}/.exec(text ?? '');
  return match ? Math.round(Number(match[0].replace(/,/g, '')) * 100) : NaN;
}

async function sellerFigures(token: string) {
  const { today, traffic } = (await api<{ sections: { today: Today; traffic: { totalViews: number } } }>(baseUrl, 'GET', '/api/dashboard/view?window=7', { authToken: token })).sections;
  return { salesCents: today.today.salesCents, profitCents: today.today.profitCents, views: traffic.totalViews };
}

describe('the mall loop: phone buyer, desktop seller', () => {
  it('search → cart → coupon → pay → live notification → purchase → signed → review → reply → dashboard', async () => {
    const seller = await sellerSession(baseUrl);
    const before = await sellerFigures(seller.token);

    // A product of the demo shop, found by its name.
    const listed = await api<{ list: ProductCard[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const product = listed.list.find((c) => c.shopId === seller.shopId && c.stock > 5);
    if (!product) throw new Error('the demo shop has no product with stock in the mall');

    // The seller's open orders page, its live stream opened by a first interaction (SPEC §4).
    const desk = await openDevice('desktop');
    await loginDesktop(desk, baseUrl, DEMO);
    await expectPath(desk, '/dashboard');
    await desk.goto(`${baseUrl}/orders`);
    await desk.getByTestId('orders-table').waitFor();
    await desk.locator('.desktop-header').click({ position: { x: 600, y: 20 } });
    await desk.waitForFunction(() => document.documentElement.dataset.notificationStream === 'open', undefined, { timeout: 15_000 });

    // The buyer registers on the phone and tops up with the demo top-up.
    const phone = await openDevice('phone');
    const username = `loop${Date.now().toString(36)}`.slice(0, 20);
    await phone.goto(`${baseUrl}/mall/register`);
    await phone.getByTestId('auth-username').fill(username);
    await phone.getByTestId('auth-nickname').fill('Loop Buyer');
    // A guessable password is refused with its reason, and the buyer stays on the form.
    await phone.getByTestId('auth-password').fill('qwerty123');
    await phone.getByTestId('auth-submit').click();
    await expect.poll(() => phone.getByTestId('auth-error').textContent()).toMatch(/password/i);
    expect(new URL(phone.url()).pathname).toBe('/mall/register');
    await phone.getByTestId('auth-password').fill('buyer123');
    await phone.getByTestId('auth-submit').click();
    await phone.getByTestId('me-balance').waitFor();
    await phone.getByTestId('topup-50000').click();
    await expect.poll(async () => centsOfText(await phone.getByTestId('me-balance').textContent())).toBe(50_000);

    // Search from the header, open the product, add it to the cart.
    await phone.getByTestId('mall-tab-home').click();
    await phone.getByTestId('mall-search-input').fill(product.name);
    await phone.getByTestId('mall-search-input').press('Enter');
    await expect.poll(() => new URL(phone.url()).pathname).toBe('/mall/search');
    const card = phone.getByTestId('search-results').getByTestId('product-card').filter({ hasText: product.name }).first();
    await card.click();
    await expect.poll(() => new URL(phone.url()).pathname).toBe(`/mall/product/${product.productId}`);
    await phone.getByTestId('add-to-cart').click();
    await phone.getByTestId('mall-toast').waitFor();
    await phone.locator('.mall-tabbar [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();

    // Claim the welcome coupon (no minimum spend) in the coupon centre.
    const coupons = await api<{ id: number; minSpendCents: number; kind: string; amountOffCents: number | null }[]>(baseUrl, 'GET', '/api/mall/coupons', {});
    const welcome = coupons.find((c) => c.kind === 'amount' && c.minSpendCents <= product.salePriceCents && (c.amountOffCents ?? 0) < product.salePriceCents);
    if (!welcome) throw new Error('no amount coupon usable on this product');
    await phone.getByTestId('mall-tab-ticket').click();
    const couponRow = phone.locator(`[data-testid="coupon"][data-coupon-id="${welcome.id}"]`);
    await couponRow.getByTestId('coupon-claim').click();
    await expect.poll(() => couponRow.getByTestId('coupon-claim').isDisabled()).toBe(true);

    // Cart → checkout: a new address (the messages first), the coupon, pay.
    await phone.getByTestId('mall-tab-cart').click();
    await phone.getByTestId('cart-line').filter({ hasText: product.name }).waitFor();
    await phone.getByTestId('cart-checkout').click();
    await phone.getByTestId('checkout-pay').waitFor();
    await phone.getByTestId('checkout-pay').click();
    await phone.getByTestId('address-name-error').waitFor();
    await phone.getByTestId('address-phone-error').waitFor();
    await phone.getByTestId('address-name').fill('Loop Buyer');
    await phone.getByTestId('address-phone').fill('+66 81 234 5678');
    await phone.getByTestId('address-area').fill('Bangkok');
    await phone.getByTestId('address-address').fill('88 Sukhumvit Rd, Khlong Toei');
    await phone.locator(`[data-testid="checkout-coupon"][data-coupon-id="${welcome.id}"] input`).check();
    const discount = welcome.amountOffCents ?? 0;
    await expect.poll(async () => centsOfText(await phone.getByTestId('checkout-discount').textContent())).toBe(discount);
    expect(centsOfText(await phone.getByTestId('checkout-to-pay').textContent())).toBe(product.salePriceCents - discount);
    await phone.getByTestId('checkout-pay').click();
    await phone.getByTestId('checkout-success').waitFor();
    expect(centsOfText(await phone.getByTestId('checkout-paid').textContent())).toBe(product.salePriceCents - discount);
    const orderHref = await phone.getByTestId('checkout-order').first().getAttribute('href');
    const orderId = decodeURIComponent(orderHref!.split('/').pop()!);

    // The seller's page shows the new order live.
    await desk.getByTestId('notification-toast').filter({ hasText: orderId }).waitFor({ timeout: 10_000 });

    // The seller purchases the stock with the fund password.
    await desk.goto(`${baseUrl}/orders?tab=to_purchase&ids=${orderId}`);
    const row = desk.getByTestId('orders-table').locator(`tr[data-row-key="${orderId}"]`);
    await row.waitFor();
    await row.getByTestId('order-purchase').click();
    await desk.getByTestId('purchase-dialog').waitFor();
    await desk.getByTestId('purchase-fund-password').fill(DEMO_FUND_PASSWORD);
    await desk.getByTestId('purchase-submit').click();
    await desk.getByTestId('purchase-summary').waitFor();
    await desk.getByTestId('purchase-done').click();

    // The buyer sees the purchase on the order's timeline; the carrier ships and signs it.
    await phone.goto(`${baseUrl}/mall/orders/${orderId}`);
    await phone.locator('[data-testid="timeline-purchased"][data-done="true"]').waitFor();
    const buyerToken = await phone.evaluate(() => (JSON.parse(localStorage.getItem('buyerSession') ?? '{}') as { buyerToken: string }).buyerToken);
    await carryUntil(baseUrl, buyerToken, orderId, 'signed');

    // The buyer reviews it: 5 stars, text and a photo.
    await phone.reload();
    await phone.locator('[data-testid="timeline-signed"][data-done="true"]').waitFor();
    await phone.getByTestId('order-return').waitFor();
    const reviewText = `Lovely ${product.name}, fast delivery (${username})`;
    await phone.getByTestId('review-star-5').click();
    await phone.getByTestId('review-content').fill(reviewText);
    await phone.getByTestId('review-images').setInputFiles(writeTinyPng());
    await phone.locator('.mall-review-image').first().waitFor();
    await phone.getByTestId('review-submit').click();
    await phone.getByTestId('my-review').filter({ hasText: reviewText }).waitFor();

    // The seller replies on the reviews page.
    const reply = `Thank you, ${username}!`;
    await desk.goto(`${baseUrl}/products/reviews`);
    const reviewRow = desk.getByTestId('reviews-table').locator('tr').filter({ hasText: reviewText });
    await reviewRow.waitFor();
    await reviewRow.getByTestId('review-reply-button').click();
    await desk.getByTestId('reply-dialog').waitFor();
    await desk.getByTestId('reply-text').fill(reply);
    await desk.getByTestId('reply-submit').click();
    await reviewRow.getByTestId('review-reply').filter({ hasText: reply }).waitFor();

    // The buyer sees the reply on the order and on the product page.
    await phone.reload();
    await phone.getByTestId('order-reply').filter({ hasText: reply }).waitFor();
    await phone.goto(`${baseUrl}/mall/product/${product.productId}`);
    await phone.getByTestId('review').filter({ hasText: reviewText }).getByTestId('review-reply').filter({ hasText: reply }).waitFor();

    // The dashboard: the views, today's sale and profit moved by this order.
    const after = await sellerFigures(seller.token);
    const detail = await api<{ amountCents: number; profitCents: number }>(baseUrl, 'GET', `/api/order/getOrderDetail?orderId=${encodeURIComponent(orderId)}`, { authToken: seller.token });
    expect(after.views).toBeGreaterThan(before.views);
    expect(after.salesCents - before.salesCents).toBeGreaterThanOrEqual(detail.amountCents);
    expect(after.profitCents - before.profitCents).toBeGreaterThanOrEqual(detail.profitCents);
    expect(detail.amountCents).toBe(product.salePriceCents);
    await desk.goto(`${baseUrl}/dashboard`);
    const today = desk.getByTestId('dashboard-today');
    await today.waitFor();
    const figures = today.locator('.ant-statistic-content');
    await expect.poll(async () => centsOfText(await figures.nth(1).textContent())).toBe(after.salesCents);
    await expect.poll(async () => centsOfText(await figures.nth(2).textContent())).toBe(after.profitCents);
    const views = Number(((await desk.getByTestId('traffic-total-views').textContent()) ?? '').replace(/[^\d]/g, ''));
    expect(views).toBe(after.views);
  });

  it('cancel before the purchase (money back), a refund request with a reason and a note, the language and the theme remembered', async () => {
    const buyer = await registerBuyer(baseUrl, 'cx');
    await topUp(baseUrl, buyer, 100_000);
    await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'Cancel Buyer', phone: '+84 91 234 5678', area: 'Ho Chi Minh City', address: '12 Le Loi St, District 1', isDefault: true });
    const seller = await sellerSession(baseUrl);
    const listed = await api<{ list: ProductCard[] }>(baseUrl, 'GET', '/api/mall/products?sort=sales&pageSize=50', {});
    const product = listed.list.find((c) => c.shopId === seller.shopId && c.stock > 5 && c.salePriceCents < 40_000);
    if (!product) throw new Error('no cheap product of the demo shop with stock');

    const phone = await openDevice('phone');
    await signInMall(phone.context(), buyer);
    const buyOne = async (): Promise<string> => {
      await phone.goto(`${baseUrl}/mall/product/${product.productId}`);
      await phone.getByTestId('buy-now').click();
      await phone.getByTestId('checkout-pay').click();
      await phone.getByTestId('checkout-success').waitFor();
      const href = await phone.getByTestId('checkout-order').first().getAttribute('href');
      return decodeURIComponent(href!.split('/').pop()!);
    };

    // Cancel before the seller purchases: confirmed in a dialog, the payment back to the balance.
    const first = await buyOne();
    await phone.goto(`${baseUrl}/mall/orders/${first}`);
    await phone.getByTestId('order-cancel').click();
    await phone.getByTestId('cancel-dialog').waitFor();
    await phone.getByTestId('cancel-confirm').click();
    await phone.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    await phone.goto(`${baseUrl}/mall/me`);
    await expect.poll(async () => centsOfText(await phone.getByTestId('me-balance').textContent())).toBe(100_000);

    // A refund request: a reason is required, the note goes with it.
    const second = await buyOne();
    await phone.goto(`${baseUrl}/mall/orders/${second}`);
    await phone.getByTestId('order-refund').click();
    await phone.getByTestId('refund-dialog').waitFor();
    await phone.getByTestId('refund-submit').click();
    await phone.getByTestId('refund-dialog').getByRole('alert').waitFor();
    await phone.getByTestId('refund-reason-quality').check();
    await phone.getByTestId('refund-note').fill('The lid is cracked (e2e)');
    await phone.getByTestId('refund-submit').click();
    await phone.getByTestId('order-refund').filter({ hasText: 'waiting for the seller' }).waitFor();
    const mine = await api<{ refundStatus: string | null; refundReason: string | null; refundNote: string | null }>(baseUrl, 'GET', `/api/buyer/orders/${second}`, buyerHeaders(buyer));
    expect([mine.refundStatus, mine.refundReason, mine.refundNote]).toEqual(['refunding', 'quality', 'The lid is cracked (e2e)']);
    const theirs = await api<{ refundStatus: string | null }>(baseUrl, 'GET', `/api/order/getOrderDetail?orderId=${encodeURIComponent(second)}`, { authToken: seller.token });
    expect(theirs.refundStatus).toBe('refunding');

    // The language (the seller app's key) and the theme (its own key) stay after a reload.
    await phone.getByTestId('mall-language').selectOption('th-TH');
    await phone.getByTestId('mall-tab-home').filter({ hasText: 'หน้าแรก' }).waitFor();
    await phone.getByTestId('mall-theme').click();
    await phone.getByTestId('mall-theme').click();
    await phone.reload();
    await phone.getByTestId('mall-tab-home').filter({ hasText: 'หน้าแรก' }).waitFor();
    expect(await phone.evaluate(() => [localStorage.getItem('language'), localStorage.getItem('mallTheme')])).toEqual(['th-TH', 'dark']);
    expect(await phone.getByTestId('mall-root').getAttribute('data-scheme')).toBe('dark');
  });
});
