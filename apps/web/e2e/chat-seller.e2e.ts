import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, type MallBuyer } from './support/mall.ts';

/**
 * The seller's chat inbox (docs/decisions.md, "Chat"): a mall buyer writes through the API; the
 * seller hears it, sees the badge, opens the conversation and answers with a quick reply typed
 * with `/`; the buyer's side of the API has the answer. Desktop, then the phone.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

interface Sent {
  id: number;
  conversationId: number;
  sender: 'buyer' | 'seller';
  text: string;
}

/** Records every HTMLMediaElement.play() call. */
function instrumentPlay(): void {
  const plays: string[] = [];
  (window as unknown as { __plays: string[] }).__plays = plays;
  const original = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
    plays.push(this.currentSrc || this.src);
    return original.call(this);
  };
}

async function open(device: Device): Promise<Page> {
  const context = await launch(device);
  contexts.push(context);
  await context.addInitScript(instrumentPlay);
  return context.pages()[0] ?? (await context.newPage());
}

const plays = async (page: Page) => (await page.evaluate(() => (window as unknown as { __plays: string[] }).__plays)).length;
const streamOpen = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.notificationStream === 'open', undefined, { timeout: 15_000 });

/** A product of the demo shop as the mall lists it. */
async function demoProduct(shopId: number): Promise<number> {
  const listed = await api<{ list: { productId: number; shopId: number }[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
  const product = listed.list.find((c) => c.shopId === shopId);
  if (!product) throw new Error('the demo shop has no product in the mall');
  return product.productId;
}

/** A quick reply of the demo shop with a word of its own to find it by. */
async function quickReply(token: string, word: string): Promise<string> {
  const text = `Thank you, it ships today (${word})`;
  await api(baseUrl, 'POST', '/api/chat/quickReplies/create', { authToken: token }, { text });
  return text;
}

async function buyerMessages(buyer: MallBuyer, conversationId: number): Promise<Sent[]> {
  return (await api<{ list: Sent[] }>(baseUrl, 'GET', `/api/buyer/chat/messages?conversationId=${conversationId}`, buyerHeaders(buyer))).list;
}

/** Types `/word` in the composer, picks the quick reply it lists, and sends it. */
async function replyWithQuickReply(page: Page, composer: Locator, word: string, send: Locator): Promise<void> {
  await composer.click();
  await composer.fill(`/${word}`);
  const option = page.getByTestId('chat-quick-reply');
  await expect.poll(() => option.count()).toBe(1);
  await option.click();
  await expect.poll(() => composer.inputValue()).toContain(word);
  await send.click();
}

describe('the seller answers a buyer in chat', () => {
  it('desktop: the badge and the sound come within 2 s on /orders; the product card shows; a quick reply reaches the buyer', async () => {
    const seller = await sellerSession(baseUrl);
    const [productId, buyer] = await Promise.all([demoProduct(seller.shopId), registerBuyer(baseUrl, 'chatd')]);
    const word = `d${Date.now().toString(36)}`;
    const replyText = await quickReply(seller.token, word);

    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    // The chat response card is on the dashboard (its figures come from /api/chat/responseRate).
    await page.getByTestId('chat-response-rate').waitFor();
    await page.goto(`${baseUrl}/orders`);
    await page.getByTestId('orders-badge').waitFor();
    // The stream opens at the first interaction (SPEC §4).
    await page.locator('.desktop-header').click({ position: { x: 600, y: 20 } });
    await streamOpen(page);
    const badge = page.getByTestId('chat-badge').locator('.ant-scroll-number');
    const badgeCount = async () => ((await badge.count()) === 0 ? 0 : Number((await badge.first().getAttribute('title')) ?? '0'));
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="chat-badge"]') !== null)).toBe(true);
    const before = await badgeCount();
    const soundsBefore = await plays(page);

    const started = Date.now();
    const start = await api<{ conversation: { id: number } }>(baseUrl, 'POST', '/api/buyer/chat/start', buyerHeaders(buyer), { shopId: seller.shopId, productId, text: 'Is this still in stock?' });
    await expect.poll(badgeCount, { timeout: 2000, interval: 50 }).toBeGreaterThanOrEqual(before + 2);
    await expect.poll(() => plays(page), { timeout: Math.max(100, 2000 - (Date.now() - started)), interval: 50 }).toBeGreaterThan(soundsBefore);
    expect(Date.now() - started).toBeLessThan(2000);
    await page.getByTestId('chat-toast').first().waitFor();

    await page.getByRole('menuitem').filter({ has: page.getByTestId('chat-badge') }).click();
    await expectPath(page, '/chat');
    await page.getByTestId('chat-conversation').filter({ hasText: buyer.nickname }).click();
    await page.getByTestId('chat-product-card').waitFor();
    await expect.poll(() => page.getByTestId('chat-message').filter({ hasText: 'Is this still in stock?' }).count()).toBe(1);
    // Opening it marked it read: the badge goes back down.
    await expect.poll(badgeCount).toBeLessThanOrEqual(before);

    const composer = page.locator('textarea[data-testid="chat-composer"]');
    await replyWithQuickReply(page, composer, word, page.getByTestId('chat-send'));
    await page.getByTestId('chat-message').filter({ hasText: replyText }).waitFor();
    await expect.poll(async () => (await buyerMessages(buyer, start.conversation.id)).some((m) => m.sender === 'seller' && m.text === replyText)).toBe(true);
    expect(await composer.inputValue()).toBe('');

    // Auto-replies: an enabled greeting without its text is refused at its field, before any request.
    await page.getByTestId('chat-auto-manage').click();
    await page.getByTestId('chat-auto-form').waitFor();
    if ((await page.getByTestId('chat-auto-greeting-on').getAttribute('aria-checked')) !== 'true') await page.getByTestId('chat-auto-greeting-on').click();
    await page.getByTestId('chat-auto-greeting').fill('');
    await page.getByTestId('chat-auto-save').click();
    await page.getByText('Write the message, or switch this reply off').waitFor();
  });

  it('phone: a new message shows in /m/chat with its sound; a quick reply reaches the buyer', async () => {
    const seller = await sellerSession(baseUrl);
    const buyer = await registerBuyer(baseUrl, 'chatp');
    const word = `p${Date.now().toString(36)}`;
    const replyText = await quickReply(seller.token, word);

    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/m/shop');
    await page.getByTestId('m-shortcut-chat').click();
    await expectPath(page, '/m/chat');
    await streamOpen(page);
    const soundsBefore = await plays(page);

    const start = await api<{ conversation: { id: number } }>(baseUrl, 'POST', '/api/buyer/chat/start', buyerHeaders(buyer), { shopId: seller.shopId, text: 'Can you send it today?' });
    const row = page.getByTestId('chat-conversation').filter({ hasText: buyer.nickname });
    await row.getByTestId('chat-conversation-unread').waitFor({ timeout: 2000 });
    await expect.poll(() => plays(page), { timeout: 2000, interval: 50 }).toBeGreaterThan(soundsBefore);

    await row.click();
    await page.getByTestId('chat-message').filter({ hasText: 'Can you send it today?' }).waitFor();
    await replyWithQuickReply(page, page.getByTestId('m-chat-composer').locator('textarea:not([aria-hidden])'), word, page.getByTestId('m-chat-send'));
    await expect.poll(async () => (await buyerMessages(buyer, start.conversation.id)).some((m) => m.sender === 'seller' && m.text === replyText)).toBe(true);
  });
});
