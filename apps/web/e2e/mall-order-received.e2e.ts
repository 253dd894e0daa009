import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launch } from './support/browser.ts';
import { api, availableCents, buyerCheckout, purchaseStock, sellerSession } from './support/orders.ts';
import { buyerHeaders, carryUntil, registerBuyer, signInMall, topUp } from './support/mall.ts';

/**
 * "Order received" in the mall: a buyer whose order the carrier delivered presses it on the order
 * page and the order settles at once (the seller is paid the sale); the button is gone afterwards and
 * a second press moves no money.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

interface Card {
  productId: number;
  shopId: number;
  stock: number;
  salePriceCents: number;
}

interface BuyerOrder {
  shippingStatus: string;
  paymentStatus: string;
  amountCents: number;
}

describe('"Order received" in the mall', () => {
  it.each(['phone', 'desktop'] as const)('settles a delivered order at once on the %s, once', async (device) => {
    const seller = await sellerSession(baseUrl);
    const listed = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const product = listed.list.find((c) => c.shopId === seller.shopId && c.stock > 5);
    if (!product) throw new Error('the demo shop has no product with stock in the mall');
    const buyer = await registerBuyer(baseUrl, 'recv');
    await topUp(baseUrl, buyer, 1_000_00);
    const orderId = await buyerCheckout(baseUrl, buyer.buyerToken, seller.shopId, product.productId);
    await purchaseStock(baseUrl, seller.token, [orderId]);
    const order = () => api<BuyerOrder>(baseUrl, 'GET', `/api/buyer/orders/${orderId}`, buyerHeaders(buyer));
    // The carrier picks it up (one step: in transit, not signed).
    await carryUntil(baseUrl, buyer.buyerToken, orderId, 'in_transit');

    const context = await launch(device);
    contexts.push(context);
    await signInMall(context, buyer);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/mall/orders/${orderId}`);
    await page.getByTestId('mall-order-detail').waitFor();
    const statusBefore = await page.getByTestId('order-status').textContent();

    const sellerBefore = await availableCents(baseUrl, seller.token);
    await page.getByTestId('order-received').click();
    await page.getByTestId('received-dialog').waitFor();
    await page.getByTestId('received-confirm').click();
    await page.getByTestId('mall-toast').waitFor();

    // Settled at once: signed and completed, the seller paid the sale, the button gone, the page says so.
    await expect.poll(async () => (await order()).paymentStatus).toBe('completed');
    expect((await order()).shippingStatus).toBe('signed');
    const { amountCents } = await order();
    await expect.poll(() => availableCents(baseUrl, seller.token)).toBe(sellerBefore + amountCents);
    await page.getByTestId('order-received').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('order-status').textContent()).not.toBe(statusBefore);
    await page.getByTestId('order-return').waitFor();

    // A second press (another attempt, another key) answers the signed order and moves nothing.
    const again = await api<BuyerOrder>(baseUrl, 'POST', '/api/buyer/confirmReceipt', buyerHeaders(buyer, true), { orderId });
    expect(again).toMatchObject({ shippingStatus: 'signed', paymentStatus: 'completed' });
    expect(await availableCents(baseUrl, seller.token)).toBe(sellerBefore + amountCents);
  });
});
