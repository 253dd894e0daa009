/**
 * Screenshots of a voucher's results (desktop drawer, phone sheet), the list filtered to vouchers
 * ending soon, the dashboard's to-do strip and the mall's "all claimed" voucher (not a test): desktop
 * 1440×900 and phone 390×844, in en-US and th-TH, into $SHOTS_DIR (default
 * screenshots/voucher-results/). Run after a build:
 *   npx tsx apps/web/e2e/voucher-results-screenshots.ts
 */
import path from 'node:path';
import { api, sellerSession } from './support/orders.ts';
import { launch } from './support/browser.ts';
import { buyerHeaders, registerBuyer, topUp, type MallBuyer } from './support/mall.ts';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';

const OUT = process.env.SHOTS_DIR ?? path.join(repoRoot, 'screenshots/voucher-results');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'th-TH'] as const;

interface Card {
  productId: number;
  shopId: number;
  stock: number;
  salePriceCents: number;
}

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const auth = { authToken: seller.token };
  const now = Date.now();
  const base = { scope: 'shop', productIds: [], kind: 'amount', percentOff: null, maxDiscountCents: null, minSpendCents: 0, perBuyerLimit: 1, acceptLoss: true, startsAt: new Date(now - 60_000).toISOString() };
  const code = `SHOT${now.toString(36).toUpperCase()}`.slice(0, 20);
  const { voucher } = await api<{ voucher: { id: number; name: string } }>(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, {
    ...base, name: 'Last-day "Flash", 1 off', amountOffCents: 1_00, totalQuantity: 50, visibility: 'code', code, endsAt: new Date(now + 20 * 3600_000).toISOString(),
  });
  const { voucher: scarce } = await api<{ voucher: { id: number } }>(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, {
    ...base, name: 'First buyer only', amountOffCents: 50, totalQuantity: 1, visibility: 'public', code: null, endsAt: new Date(now + 5 * 86_400_000).toISOString(),
  });

  const cards = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
  const products = cards.list.filter((c) => c.shopId === seller.shopId && c.stock > 5 && c.salePriceCents >= 5_00).slice(0, 3);
  const address = { name: 'Screenshot Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street' };
  const checkout = async (buyer: MallBuyer, productId: number, voucherId: number) => {
    const cart = await api<{ shops: { items: { itemId: number; productId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId, quantity: 1 });
    const itemId = cart.shops.flatMap((s) => s.items).find((i) => i.productId === productId)!.itemId;
    await api(baseUrl, 'POST', '/api/buyer/cart/checkout', buyerHeaders(buyer, true), { itemIds: [itemId], voucherIds: [voucherId], address });
  };
  for (const product of products) {
    const buyer = await registerBuyer(baseUrl, 'shot');
    await topUp(baseUrl, buyer, 1_000_00);
    await api(baseUrl, 'POST', '/api/buyer/vouchers/redeem', buyerHeaders(buyer), { shopId: seller.shopId, code });
    await checkout(buyer, product.productId, voucher.id);
  }
  const first = await registerBuyer(baseUrl, 'shot');
  await topUp(baseUrl, first, 1_000_00);
  await api(baseUrl, 'POST', '/api/buyer/vouchers/claim', buyerHeaders(first), { voucherId: scarce.id });
  await checkout(first, products[0].productId, scarce.id);

  try {
    for (const language of LANGUAGES) {
      await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
        await settle(page, 'todo-vouchers');
        await page.getByTestId('dashboard-todo').screenshot({ path: path.join(OUT, `${tag}-todo.png`) });
        await page.getByTestId('todo-vouchers').click();
        await settle(page, 'voucher-table');
        await shoot(page, `${tag}-ending-soon`, false);
        await page.getByTestId(`voucher-results-${voucher.id}`).click();
        await settle(page, 'voucher-results-totals');
        await shoot(page, `${tag}-results-7`, false);
        await page.getByTestId('voucher-results-window').locator('.ant-segmented-item').nth(1).click();
        await page.waitForTimeout(1_000);
        await shoot(page, `${tag}-results-30`, false);
      });
      await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
        await settle(page, 'm-todo-vouchers');
        await page.getByTestId('m-todo-vouchers').scrollIntoViewIfNeeded();
        await shoot(page, `${tag}-todo`, false);
        await page.getByTestId('m-todo-vouchers').click();
        await settle(page, `m-voucher-results-${voucher.id}`);
        await page.goto(`${baseUrl}/m/vouchers?ending=soon`);
        await settle(page, `m-voucher-results-${voucher.id}`);
        await shoot(page, `${tag}-ending-soon`, false);
        await page.getByTestId(`m-voucher-results-${voucher.id}`).click();
        await settle(page, 'm-voucher-results-totals');
        await shoot(page, `${tag}-results`, false);
        await page.getByTestId('m-voucher-results').evaluate((el) => el.scrollBy(0, 500));
        await page.waitForTimeout(400);
        await shoot(page, `${tag}-results-days`, false);
      });
      const context = await launch('phone');
      await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl}/mall/shop/${seller.shopId}`);
      await settle(page, 'shop-vouchers');
      await page.getByTestId('shop-vouchers').scrollIntoViewIfNeeded();
      await shoot(page, `mall-phone-${language}-all-claimed`, false);
      await context.close();
    }
  } finally {
    await api(baseUrl, 'POST', `/api/marketing/vouchers/${voucher.id}/end`, auth, {}).catch(() => undefined);
    await api(baseUrl, 'POST', `/api/marketing/vouchers/${scarce.id}/end`, auth, {}).catch(() => undefined);
  }
});
