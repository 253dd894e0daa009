import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DEMO, markWindow, windowStillMarked } from './support/app.ts';
import { launch } from './support/browser.ts';
import { api, buyerCheckout } from './support/orders.ts';
import { buyerHeaders, registerBuyer, topUp } from './support/mall.ts';
import { apiCall, sellerLogin } from './support/rewards.ts';

/**
 * The buyer's chat in the mall on a phone: "Chat with seller" on a product page (through the mall
 * login when signed out) opens the conversation with the product as a card, the question goes with it, the seller's reply (through
 * the API) arrives live without a reload and marks the question read; the order page's entry opens
 * the same conversation with the order as a card.
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
}

describe('chat with the seller in the mall', () => {
  it('asks about a product, gets the reply live, and asks about an order in the same conversation (phone)', async () => {
    const seller = await sellerLogin(baseUrl, DEMO);
    const listed = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
    const product = listed.list.find((c) => c.shopId === seller.shopId && c.stock > 5);
    if (!product) throw new Error('the demo shop has no product with stock in the mall');
    const buyer = await registerBuyer(baseUrl, 'chat');
    await topUp(baseUrl, buyer, 1_000_00);
    const orderId = await buyerCheckout(baseUrl, buyer.buyerToken, seller.shopId, product.productId);

    const context = await launch('phone');
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    // Signed out, "Chat with seller" opens the mall login, which comes back to the conversation.
    await page.goto(`${baseUrl}/mall/product/${product.productId}`);
    await page.getByTestId('chat-with-seller').click();
    await page.getByTestId('mall-login').waitFor();
    await page.getByTestId('auth-username').fill(buyer.username);
    await page.getByTestId('auth-password').fill('buyer123');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('chat-thread').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/mall/chat/${seller.shopId}`);
    await page.locator('[data-testid="chat-pending-card"][data-kind="product"]').waitFor();
    await markWindow(page);

    const ref = `Q${Date.now() % 100_000}`;
    const question = `Is it <b>boxed</b>? Ref ${ref}, see https://example.com`;
    await page.getByTestId('chat-input').fill(question);
    expect(await page.getByTestId('chat-counter').textContent()).toContain(`${[...question].length} / 2000`);
    await page.getByTestId('chat-send').click();
    const mine = page.locator('[data-testid="chat-message"][data-sender="buyer"]');
    await mine.locator('[data-testid="chat-product-card"]').waitFor();
    const asked = mine.filter({ hasText: ref });
    await asked.waitFor();
    // Text as text: the markup is shown, not made; the address is not a link.
    expect(await asked.textContent()).toContain('<b>boxed</b>');
    expect(await page.locator('[data-testid="chat-messages"] a[href*="example.com"], [data-testid="chat-messages"] b').count()).toBe(0);
    await page.getByTestId('chat-pending-card').waitFor({ state: 'detached' });

    // The seller answers through the API: it arrives without a reload, and their reply read the question.
    const { list } = await api<{ list: { id: number }[] }>(baseUrl, 'POST', '/api/buyer/chat/conversations', buyerHeaders(buyer), {});
    const conversationId = list[0].id;
    const reply = `Yes, it is original (${Date.now() % 10_000})`;
    await apiCall(baseUrl, 'POST', '/chat/send', seller.token, { conversationId, text: reply });
    await page.locator('[data-testid="chat-message"][data-sender="seller"]', { hasText: reply }).waitFor({ timeout: 5_000 });
    await asked.locator('[data-testid="chat-state"][data-state="read"]').waitFor();
    expect(await windowStillMarked(page)).toBe(true);

    // The order page's entry: the same conversation, the order as the card of the next message.
    await page.goto(`${baseUrl}/mall/orders/${encodeURIComponent(orderId)}`);
    await page.getByTestId('mall-order-detail').waitFor();
    await page.getByTestId('chat-with-seller').click();
    await page.locator('[data-testid="chat-pending-card"][data-kind="order"]').waitFor();
    await page.locator('[data-testid="chat-message"]', { hasText: reply }).waitFor();
    await page.getByTestId('chat-input').fill('When will it ship?');
    await page.getByTestId('chat-send').click();
    await mine.locator('[data-testid="chat-order-card"]', { hasText: orderId }).waitFor();
    const after = await api<{ list: { id: number }[]; total: number }>(baseUrl, 'POST', '/api/buyer/chat/conversations', buyerHeaders(buyer), {});
    expect(after.total).toBe(1);
    expect(after.list[0].id).toBe(conversationId);
  });
});
