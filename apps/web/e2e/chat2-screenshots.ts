/**
 * Screenshots of chat's response card, auto-reply settings, order actions, paging and voucher cards
 * (not a test): the dashboard's and shop health's card, /chat with the auto-reply dialog and the
 * voucher picker (desktop 1440×900), the phone's shop home card and auto-reply sheet (390×844), and
 * the mall's chat with the voucher cards, in en-US and th-TH, into CHAT2_SHOTS. Run after a build:
 *   CHAT2_SHOTS=/tmp/shots-chat2 npx tsx apps/web/e2e/chat2-screenshots.ts
 */
import path from 'node:path';
import { launch } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall } from './support/mall.ts';

const OUT = process.env.CHAT2_SHOTS ?? path.join(repoRoot, 'screenshots/chat2');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'th-TH'] as const;

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const auth = { authToken: seller.token };
  const now = Date.now();
  const base = { scope: 'shop', productIds: [], minSpendCents: 0, totalQuantity: 200, perBuyerLimit: 1, acceptLoss: true, startsAt: new Date(now - 3600_000).toISOString(), endsAt: new Date(now + 5 * 86_400_000).toISOString() };
  const open = await api<{ voucher: { id: number } }>(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, { ...base, name: 'Chat 10%', kind: 'percent', amountOffCents: null, percentOff: 10, maxDiscountCents: 2_00, visibility: 'public', code: null });
  const coded = await api<{ voucher: { id: number } }>(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, { ...base, name: 'Friends of the shop', kind: 'amount', amountOffCents: 1_50, percentOff: null, maxDiscountCents: null, minSpendCents: 10_00, visibility: 'code', code: 'CHATFRIEND' });
  const buyer = await registerBuyer(baseUrl, 'c2shot');
  const start = await api<{ conversation: { id: number } }>(baseUrl, 'POST', '/api/buyer/chat/start', buyerHeaders(buyer), { shopId: seller.shopId, text: 'Do you have any discount for me?' });
  const conversationId = start.conversation.id;
  await api(baseUrl, 'POST', '/api/chat/send', auth, { conversationId, voucherId: open.voucher.id, text: 'Here is a voucher for you!' });
  await api(baseUrl, 'POST', '/api/chat/send', auth, { conversationId, voucherId: coded.voucher.id });

  for (const language of LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await settle(page, 'chat-response-rate');
      await page.getByTestId('chat-response-card').scrollIntoViewIfNeeded();
      await page.getByTestId('chat-response-card').screenshot({ path: path.join(OUT, `${tag}-dashboard-card.png`) });
      await page.goto(`${baseUrl}/dashboard/health`);
      await settle(page, 'chat-response-rate');
      await shoot(page, `${tag}-health`);
      await page.goto(`${baseUrl}/chat?c=${conversationId}`);
      await settle(page, 'chat-voucher-card');
      await shoot(page, `${tag}-chat-voucher-cards`, false);
      await page.getByTestId('chat-voucher-pick').click();
      await settle(page, 'chat-voucher-list');
      await shoot(page, `${tag}-voucher-picker`, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('chat-auto-manage').click();
      await settle(page, 'chat-auto-form');
      if ((await page.getByTestId('chat-auto-greeting-on').getAttribute('aria-checked')) !== 'true') await page.getByTestId('chat-auto-greeting-on').click();
      await page.getByTestId('chat-auto-greeting').fill('');
      await page.getByTestId('chat-auto-save').click();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-auto-replies`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await settle(page, 'm-chat-response-card').catch(() => undefined);
      await page.getByTestId('m-chat-response-card').scrollIntoViewIfNeeded();
      await shoot(page, `${tag}-shop-card`);
      await page.goto(`${baseUrl}/m/chat`);
      await settle(page, 'chat-conversation');
      await page.getByTestId('m-chat-auto-manage').click();
      await settle(page, 'm-chat-auto-form');
      await page.waitForTimeout(500);
      await shoot(page, `${tag}-auto-replies`);
    });
    const context = await launch('phone');
    try {
      await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      await signInMall(context, buyer);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl}/mall/chat/${seller.shopId}`);
      await settle(page, 'chat-voucher-card');
      await page.waitForTimeout(500);
      await shoot(page, `phone-${language}-mall-voucher-cards`);
    } finally {
      await context.close();
    }
  }
});
