/**
 * Screenshots of the seller's flash deal pages (with a deal's results) and the mall's deal places (not a test): desktop
 * 1440×900 and phone 390×844, in en-US and th-TH, into $SHOTS_DIR (default screenshots/deals/),
 * with axe's serious findings (WCAG 2.1 AA) printed for each seller page. Run after a build:
 *   npx tsx apps/web/e2e/deals-screenshots.ts
 */
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp } from './support/mall.ts';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';

const OUT = process.env.SHOTS_DIR ?? path.join(repoRoot, 'screenshots/deals');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'th-TH'] as const;

async function axe(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).exclude('.adm-toast-mask').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`axe ${label}: ${serious.length ? serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`).join(' ;; ') : 'clean'}`);
}

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const auth = { authToken: seller.token };
  const now = Date.now();
  const cards = await api<{ list: { productId: number; stock: number; priceCents: number; salePriceCents: number }[] }>(baseUrl, 'GET', `/api/mall/shops/${seller.shopId}/products?pageSize=50`, {});
  const plain = cards.list.filter((c) => c.stock > 5 && c.priceCents === c.salePriceCents && c.priceCents >= 2_00);
  if (plain.length < 2) throw new Error('the demo shop has too few products');
  const [first, second] = plain;
  const running = await api<{ deal: { id: number } }>(baseUrl, 'POST', '/api/marketing/deals/create', auth, {
    productId: first.productId, dealPriceCents: Math.floor(first.priceCents * 0.8), startsAt: new Date(now + 60_000).toISOString(), endsAt: new Date(now + 5 * 3600_000).toISOString(), stockCap: 30, acceptLoss: true,
  });
  await api(baseUrl, 'POST', '/api/marketing/deals/create', auth, {
    productId: second.productId, dealPriceCents: Math.floor(second.priceCents * 0.9), startsAt: new Date(now + 86_400_000).toISOString(), endsAt: new Date(now + 2 * 86_400_000).toISOString(), stockCap: 10, acceptLoss: true,
  });
  // Started a minute early is not possible through the API (the start is free before it starts): the
  // first deal starts in a minute; the list's "upcoming" tab shows both until then, so wait for it.
  await new Promise((resolve) => setTimeout(resolve, 62_000));

  for (const language of LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/marketing/deals`);
      await settle(page, 'deal-table');
      await shoot(page, `${tag}-list`);
      if (language === 'en-US') await axe(page, 'desktop /marketing/deals');
      await page.getByTestId('deal-create').click();
      await page.getByTestId('deal-form').waitFor();
      await page.getByTestId('deal-dealPriceCents').fill('0');
      await page.getByTestId('deal-stockCap').fill('0');
      await page.getByTestId('deal-check').click();
      await page.waitForTimeout(500);
      await shoot(page, `${tag}-form-errors`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/deals`);
      await settle(page, 'm-deals');
      await page.waitForTimeout(600);
      await shoot(page, `${tag}-list`);
      if (language === 'en-US') await axe(page, 'phone /m/deals');
      await page.getByTestId('m-deal-create').click();
      await page.getByTestId('m-deal-form').waitFor();
      await page.waitForTimeout(400);
      await page.getByTestId('m-deal-productId').locator('.adm-selector-item').first().click();
      await page.getByTestId('m-deal-dealPriceCents').locator('input').fill('0.5');
      await page.getByTestId('m-deal-startsAt').locator('input').fill('x');
      await page.getByTestId('m-deal-check').click();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-form-errors`);
    });
  }

  // The mall: the shop and product pages with the running deal, and a cart with it.
  const buyer = await registerBuyer(baseUrl, 'dshot');
  await topUp(baseUrl, buyer, 1_000_00);
  await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'Shot Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street', isDefault: true });
  const cart = await api<{ shops: { items: { itemId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: first.productId, quantity: 2 });
  const itemIds = cart.shops.flatMap((s) => s.items.map((i) => i.itemId));
  for (const device of ['phone', 'desktop'] as const) {
    for (const language of LANGUAGES) {
      const context = await launch(device);
      await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      await signInMall(context, buyer);
      const page = context.pages()[0] ?? (await context.newPage());
      const tag = `mall-${device}-${language}`;
      await page.goto(`${baseUrl}/mall/shop/${seller.shopId}`);
      await settle(page, 'mall-deal');
      await shoot(page, `${tag}-shop`, false);
      await page.goto(`${baseUrl}/mall/product/${first.productId}`);
      await settle(page, 'deal-countdown');
      await shoot(page, `${tag}-product`);
      if (device === 'phone' && language === 'en-US') await axe(page, 'mall product');
      await page.goto(`${baseUrl}/mall/cart`);
      await settle(page, 'cart-deal');
      await shoot(page, `${tag}-cart`);
      await page.goto(`${baseUrl}/mall/checkout?items=${itemIds.join(',')}`);
      await settle(page, 'checkout-deal-saving');
      await shoot(page, `${tag}-checkout`);
      await context.close();
    }
  }

  // The deal's results once the buyer has paid for the two units: the desktop drawer and the phone sheet.
  await api(baseUrl, 'POST', '/api/buyer/cart/checkout', buyerHeaders(buyer, true), { itemIds, address: { name: 'Shot Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street' } });
  for (const language of LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/marketing/deals`);
      await settle(page, `deal-results-${running.deal.id}`);
      await page.getByTestId(`deal-results-${running.deal.id}`).click();
      await settle(page, 'deal-results-totals');
      await shoot(page, `${tag}-results`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/deals`);
      await settle(page, `m-deal-results-${running.deal.id}`);
      await page.getByTestId(`m-deal-results-${running.deal.id}`).click();
      await settle(page, 'm-deal-results-totals');
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-results`, false);
    });
  }
  await api(baseUrl, 'POST', `/api/marketing/deals/${running.deal.id}/end`, auth, {});
});
