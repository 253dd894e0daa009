/**
 * Screenshots of the seller's chat inbox (not a test): /chat with a conversation open and the quick
 * replies listed (desktop 1440×900, light and dark), the settings' chat sound switch, and /m/chat's
 * list and conversation (phone 390×844), in en-US and th-TH, into screenshots/chat/ (or CHAT_SHOTS). Run after a build:
 *   npx tsx apps/web/e2e/chat-screenshots.ts
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer } from './support/mall.ts';

const OUT = process.env.CHAT_SHOTS ?? path.join(repoRoot, 'screenshots/chat');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'th-TH'] as const;

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const listed = await api<{ list: { productId: number; shopId: number }[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
  const productId = listed.list.find((c) => c.shopId === seller.shopId)?.productId;
  await api(baseUrl, 'POST', '/api/chat/quickReplies/create', { authToken: seller.token }, { text: 'Thank you! Your parcel ships today.' }).catch(() => undefined);
  let conversationId = 0;
  let nickname = '';
  for (const [i, text] of ['Is this still in stock? https://example.com/item?id=7', 'สวัสดีค่ะ ส่งวันนี้ได้ไหม', 'Thanks!'].entries()) {
    const buyer = await registerBuyer(baseUrl, `shot${i}`);
    const start = await api<{ conversation: { id: number } }>(baseUrl, 'POST', '/api/buyer/chat/start', buyerHeaders(buyer), { shopId: seller.shopId, ...(i === 0 && productId ? { productId } : {}), text });
    if (i === 0) {
      conversationId = start.conversation.id;
      nickname = buyer.nickname;
    }
  }
  await api(baseUrl, 'POST', '/api/chat/send', { authToken: seller.token }, { conversationId, text: 'Yes, we have 12 left.' });
  for (const language of LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/chat`);
      await settle(page, 'chat-conversation');
      await shoot(page, `${tag}-inbox`, false);
      await page.getByTestId('chat-conversation').filter({ hasText: nickname }).click();
      await settle(page, 'chat-product-card');
      await page.locator('textarea[data-testid="chat-composer"]').fill('/');
      await settle(page, 'chat-quick-reply');
      await shoot(page, `${tag}-conversation`, false);
      await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
      await page.reload();
      await settle(page, 'chat-product-card');
      await shoot(page, `${tag}-conversation-dark`, false);
      await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
      await page.reload();
      await settle(page, 'chat-product-card');
      await page.getByTestId('settings-button').click();
      await settle(page, 'chat-sound-switch');
      await shoot(page, `${tag}-settings-chat-sound`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/chat`);
      await settle(page, 'chat-conversation');
      await shoot(page, `${tag}-inbox`);
      await page.getByTestId('chat-conversation').filter({ hasText: nickname }).click();
      await settle(page, 'chat-product-card');
      await shoot(page, `${tag}-conversation`);
      await page.getByTestId('m-chat-orders').click();
      await page.waitForTimeout(600);
      await shoot(page, `${tag}-orders-sheet`);
      await page.goto(`${baseUrl}/m/profile`);
      await settle(page, 'm-chat-sound-switch');
      await page.getByTestId('m-chat-sound-switch').scrollIntoViewIfNeeded();
      await shoot(page, `${tag}-profile-chat-sound`);
    });
  }
});
