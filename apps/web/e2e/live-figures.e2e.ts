import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone, markWindow, windowStillMarked } from './support/app.ts';
import { api, badgeCount, buyerToken, numberIn, openStream, pendingCount, phoneOrdersBadge, placeOrder, sellerSession } from './support/orders.ts';
import { apiCall } from './support/rewards.ts';
import { approveDeposit } from './support/wallet.ts';

/**
 * Every figure and open list follows the live events: a buyer's real action through the API while
 * the page is open moves the dashboard's and the shop home's counts with the badges, and the open
 * orders, refunds and wallet lists show it, without a reload (the window mark proves none happened).
 */

const baseUrl = inject('baseUrl');
const open = pageOpener();

interface Seller {
  token: string;
  shopId: number;
}

async function signedIn(device: 'desktop' | 'phone'): Promise<Page> {
  const page = await open(device);
  if (device === 'desktop') {
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
  } else {
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
  }
  return page;
}

/** A buyer asks for a refund of `orderId` (a paid order, before signing). */
async function requestRefund(buyer: string, orderId: string): Promise<void> {
  await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: await buyerToken(baseUrl, buyer) }, { orderId, reason: 'quality', note: 'Live list e2e' });
}

/** The nearest purchase deadline of the seller's orders to purchase, null with none. */
async function nearestDeadline(seller: Seller): Promise<string | null> {
  const { todo } = (await api<{ sections: { todo: { toPurchase: { nearestDeadline: string | null } } } }>(baseUrl, 'GET', '/api/dashboard/view', { authToken: seller.token })).sections;
  return todo.toPurchase.nearestDeadline;
}

/** The to-do strip's "orders to purchase" hint (`todo-deadline` on the desktop): a deadline ahead, or "overdue since" once it passed. */
async function expectDeadlineHint(page: Page, seller: Seller, testId = 'todo-deadline'): Promise<void> {
  const deadline = await nearestDeadline(seller);
  if (!deadline) return;
  const hint = page.getByTestId(testId);
  await expect.poll(() => hint.textContent()).toMatch(Date.parse(deadline) <= Date.now() ? /^Overdue since / : /^Nearest deadline /);
}

/** A deposit of a random amount under 1,000 with cents (told apart from the others by its amount), not yet decided. */
async function pendingDeposit(seller: Seller): Promise<{ id: number; text: string }> {
  const amount = `${100 + Math.floor(Math.random() * 800)}.${10 + Math.floor(Math.random() * 90)}`;
  const form = new FormData();
  form.set('network', 'TRC20');
  form.set('amount', amount);
  form.set('screenshot', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'paid.png');
  const deposit = await apiCall<{ id: number }>(baseUrl, 'POST', '/wallet/deposit', seller.token, form);
  return { id: deposit.id, text: amount };
}

describe('the dashboard and the shop home follow a live order', () => {
  it('desktop: the to-do count, "today\'s orders" and the sidebar badge rise together, without a reload', async () => {
    const seller = await sellerSession(baseUrl);
    const page = await signedIn('desktop');
    await page.getByTestId('today-orders').waitFor();
    await openStream(page, 'desktop');
    await markWindow(page);
    const pending = await pendingCount(baseUrl, seller.token);
    await expect.poll(() => numberIn(page, 'todo-toPurchase')).toBe(pending);
    await expect.poll(() => badgeCount(page)).toBe(pending);
    await expectDeadlineHint(page, seller);
    const today = await numberIn(page, 'today-orders');

    await placeOrder(baseUrl, seller);
    await expect.poll(() => badgeCount(page)).toBe(pending + 1);
    await expect.poll(() => numberIn(page, 'todo-toPurchase')).toBe(pending + 1);
    await expect.poll(() => numberIn(page, 'today-orders')).toBe(today + 1);
    expect(await windowStillMarked(page)).toBe(true);
  });

  it('phone: the shop home\'s "orders to purchase", today\'s orders and the tab badge rise together, without a reload', async () => {
    const seller = await sellerSession(baseUrl);
    const page = await signedIn('phone');
    await page.getByTestId('m-today-orders').waitFor();
    await openStream(page, 'phone');
    await markWindow(page);
    const pending = await pendingCount(baseUrl, seller.token);
    expect(pending).toBeLessThan(98);
    await expect.poll(() => numberIn(page, 'm-todo-toPurchase')).toBe(pending);
    await expect.poll(() => phoneOrdersBadge(page)).toBe(pending > 0 ? String(pending) : '');
    const today = await numberIn(page, 'm-today-orders');

    await placeOrder(baseUrl, seller);
    await expect.poll(() => phoneOrdersBadge(page)).toBe(String(pending + 1));
    await expect.poll(() => numberIn(page, 'm-todo-toPurchase')).toBe(pending + 1);
    await expect.poll(() => numberIn(page, 'm-today-orders')).toBe(today + 1);
    expect(await windowStillMarked(page)).toBe(true);
  });

  it('phone: the to-do card\'s "orders to purchase" says the nearest deadline, then "overdue since" once it passed, while the page stays open', async () => {
    const seller = await sellerSession(baseUrl);
    const page = await signedIn('phone');
    // A fresh order makes sure something waits to be purchased, so the card has a deadline to tell.
    await placeOrder(baseUrl, seller);
    await page.reload();
    const deadline = await nearestDeadline(seller);
    expect(deadline).not.toBeNull();
    const hint = page.getByTestId('m-todo-toPurchase-sub');
    await expectDeadlineHint(page, seller, 'm-todo-toPurchase-sub');
    await markWindow(page);
    // The page's clock passes the deadline (its timers keep running): the card turns on its next tick (every 30 s).
    await page.clock.setFixedTime(Date.parse(deadline!) + 60_000);
    await expect.poll(() => hint.textContent(), { timeout: 45_000 }).toMatch(/^Overdue since /);
    expect(await hint.getAttribute('class')).toContain('m-dash-cell-sub-danger');
    expect(await windowStillMarked(page)).toBe(true);
  });
});

describe('an arriving notification refreshes the open lists it concerns', () => {
  for (const device of ['desktop', 'phone'] as const) {
    const ordersPath = device === 'desktop' ? '/orders' : '/m/orders';
    const refundsPath = device === 'desktop' ? '/products/refunds' : '/m/orders?tab=refunds';
    /** An order's line in the open list: a row of the desktop table (`orders-table`, `refunds-table`), a card of the phone list. */
    const orderLine = (page: Page, table: 'orders-table' | 'refunds-table', orderId: string) =>
      device === 'desktop' ? page.getByTestId(table).getByText(orderId, { exact: true }) : page.getByTestId('m-order-id').filter({ hasText: orderId });

    it(`${device}: a new order appears in the open orders list, a refund request in the open refund requests`, async () => {
      const seller = await sellerSession(baseUrl);
      const page = await signedIn(device);
      await page.goto(`${baseUrl}${ordersPath}`);
      await page.getByTestId(device === 'desktop' ? 'orders-table' : 'm-orders-page').waitFor();
      await openStream(page, device);
      await markWindow(page);
      const { orderId } = await placeOrder(baseUrl, seller, 'buyer8');
      await orderLine(page, 'orders-table', orderId).waitFor();
      expect(await windowStillMarked(page)).toBe(true);

      await page.goto(`${baseUrl}${refundsPath}`);
      await page.getByTestId(device === 'desktop' ? 'refunds-table' : 'm-orders-page').waitFor();
      await openStream(page, device);
      await markWindow(page);
      expect(await orderLine(page, 'refunds-table', orderId).count()).toBe(0);
      await requestRefund('buyer8', orderId);
      await orderLine(page, 'refunds-table', orderId).waitFor();
      expect(await windowStillMarked(page)).toBe(true);
    });

    it(`${device}: an approved deposit turns its open payment-history line to approved`, async () => {
      const seller = await sellerSession(baseUrl);
      const deposit = await pendingDeposit(seller);
      const page = await signedIn(device);
      await page.goto(`${baseUrl}${device === 'desktop' ? '/wallet' : '/m/payment-history'}`);
      const line =
        device === 'desktop' ? page.getByTestId('payment-history-table').locator('tr', { hasText: deposit.text }) : page.getByTestId('m-payment-history-line').filter({ hasText: deposit.text });
      const status = (name: string) => line.getByTestId(device === 'desktop' ? `status-${name}` : `m-status-${name}`);
      await status('pending').waitFor();
      await openStream(page, device);
      await markWindow(page);
      await approveDeposit(baseUrl, deposit.id);
      await status('approved').waitFor();
      expect(await windowStillMarked(page)).toBe(true);
    });

    it(`${device}: an approved deposit appears in the open funding records`, async () => {
      const seller = await sellerSession(baseUrl);
      const deposit = await pendingDeposit(seller);
      const page = await signedIn(device);
      await page.goto(`${baseUrl}${device === 'desktop' ? '/transactions' : '/m/transactions'}?type=deposit`);
      const changes = page.getByTestId(device === 'desktop' ? 'line-change' : 'm-line-change');
      await changes.first().waitFor();
      const line = changes.filter({ hasText: `+${deposit.text}` });
      expect(await line.count()).toBe(0);
      await openStream(page, device);
      await markWindow(page);
      await approveDeposit(baseUrl, deposit.id);
      await line.first().waitFor();
      expect(await windowStillMarked(page)).toBe(true);
    });
  }
});
