/**
 * Screenshots of the seller's voucher pages and the mall's voucher places (not a test): desktop
 * 1440×900 and phone 390×844, in en-US and zh-CN, into $SHOTS_DIR (default screenshots/vouchers/),
 * with axe's serious findings (WCAG 2.1 AA, light and dark) printed for each page. Run after a build:
 *   npx tsx apps/web/e2e/vouchers-screenshots.ts
 */
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp } from './support/mall.ts';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';

const OUT = process.env.SHOTS_DIR ?? path.join(repoRoot, 'screenshots/vouchers');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'zh-CN'] as const;

async function axe(page: Page, label: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((mode) => {
      localStorage.setItem('theme', mode);
      localStorage.setItem('mallTheme', mode);
    }, theme);
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(800);
    const result = await new AxeBuilder({ page }).exclude('.adm-toast-mask').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    console.log(`axe ${label} ${theme}: ${serious.length ? serious.map((v) => `${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ').slice(0, 220)).join(' | ')}`).join(' ;; ') : 'clean'}`);
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    localStorage.setItem('mallTheme', 'light');
  });
  await page.emulateMedia({ colorScheme: 'light' });
}

const local = (at: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}`;
};

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const auth = { authToken: seller.token };
  const now = Date.now();
  const base = { scope: 'shop', productIds: [], minSpendCents: 0, totalQuantity: 200, perBuyerLimit: 1, visibility: 'public', code: null, acceptLoss: true };
  const running = await api<{ voucher: { id: number } }>(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, {
    ...base, name: 'Weekend 10%', kind: 'percent', amountOffCents: null, percentOff: 10, maxDiscountCents: 2_00, startsAt: new Date(now - 3600_000).toISOString(), endsAt: new Date(now + 5 * 86_400_000).toISOString(),
  });
  await api(baseUrl, 'POST', '/api/marketing/vouchers/create', auth, {
    ...base, name: 'New buyers', kind: 'amount', amountOffCents: 1_50, percentOff: null, maxDiscountCents: null, minSpendCents: 10_00, visibility: 'code', code: 'HELLO2026', startsAt: new Date(now + 86_400_000).toISOString(), endsAt: new Date(now + 8 * 86_400_000).toISOString(),
  });

  for (const language of LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/marketing/vouchers`);
      await settle(page, 'voucher-table');
      await shoot(page, `${tag}-list`);
      if (language === 'en-US') await axe(page, 'desktop /marketing/vouchers');
      await page.goto(`${baseUrl}/marketing/vouchers`);
      await settle(page, 'voucher-create');
      await page.getByTestId('voucher-create').click();
      await page.getByTestId('voucher-kind-percent').click();
      await page.getByTestId('voucher-percentOff').fill('150');
      await page.getByTestId('voucher-totalQuantity').fill('0');
      await page.getByTestId('voucher-endsAt').fill(local(new Date(now - 86_400_000)));
      await page.getByTestId('voucher-check').click();
      await page.waitForTimeout(500);
      await shoot(page, `${tag}-form-errors`, false);
      await page.getByTestId('voucher-name').fill('Flash 60%');
      await page.getByTestId('voucher-percentOff').fill('60');
      await page.getByTestId('voucher-maxDiscountCents').fill('500');
      await page.getByTestId('voucher-totalQuantity').fill('50');
      await page.getByTestId('voucher-endsAt').fill(local(new Date(now + 3 * 86_400_000)));
      await page.getByTestId('voucher-check').click();
      await settle(page, 'voucher-preview');
      await shoot(page, `${tag}-preview-loss`, false);
      await page.keyboard.press('Escape');
      if (language === 'en-US') {
        // "Never below cost" on: the same terms are refused in the preview.
        await page.getByTestId('voucher-never-below-cost').click();
        await page.locator('[data-testid="voucher-never-below-cost"].ant-switch-checked').waitFor();
        await page.getByTestId('voucher-create').click();
        await page.getByTestId('voucher-name').fill('Flash 60%');
        await page.getByTestId('voucher-kind-percent').click();
        await page.getByTestId('voucher-percentOff').fill('60');
        await page.getByTestId('voucher-maxDiscountCents').fill('500');
        await page.getByTestId('voucher-check').click();
        await settle(page, 'voucher-preview');
        await shoot(page, `${tag}-preview-refused`, false);
        await page.keyboard.press('Escape');
        await page.getByTestId('voucher-never-below-cost').click();
        await page.locator('[data-testid="voucher-never-below-cost"]:not(.ant-switch-checked)').waitFor();
      }
      await page.locator(`[aria-label*="Weekend 10%"]`).first().click().catch(() => undefined);
      await page.getByTestId('voucher-form').waitFor({ timeout: 5_000 }).catch(() => undefined);
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-edit-started`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/vouchers`);
      await settle(page, 'm-vouchers');
      await page.waitForTimeout(600);
      await shoot(page, `${tag}-list`);
      if (language === 'en-US') await axe(page, 'phone /m/vouchers');
      await page.goto(`${baseUrl}/m/vouchers`);
      await settle(page, 'm-voucher-create');
      await page.getByTestId('m-voucher-create').click();
      await page.getByTestId('m-voucher-form').waitFor();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-form`);
      await page.getByTestId('m-voucher-check').click();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-form-errors`);
      await page.getByTestId('m-voucher-name').locator('input').fill('Flash');
      await page.getByTestId('m-voucher-amountOffCents').locator('input').fill('3');
      await page.getByTestId('m-voucher-check').click();
      await settle(page, 'm-voucher-preview');
      await shoot(page, `${tag}-preview`);
    });
  }

  // The mall: the shop page's vouchers, then a checkout with the claimed one, and its order.
  const buyer = await registerBuyer(baseUrl, 'vshot');
  await topUp(baseUrl, buyer, 1_000_00);
  const cards = await api<{ list: { productId: number; shopId: number; stock: number }[] }>(baseUrl, 'GET', '/api/mall/products?sort=newest&pageSize=50', {});
  const product = cards.list.find((c) => c.shopId === seller.shopId && c.stock > 5);
  if (!product) throw new Error('no product of the demo shop');
  await api(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'Shot Receiver', phone: '+84912345678', area: 'District 1', address: '12 Test Street', isDefault: true });
  const cart = await api<{ shops: { items: { itemId: number; productId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: product.productId, quantity: 2 });
  const itemId = cart.shops.flatMap((s) => s.items).find((i) => i.productId === product.productId)?.itemId;
  for (const device of ['phone', 'desktop'] as const) {
    for (const language of LANGUAGES) {
      const context = await launch(device);
      await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      await signInMall(context, buyer);
      const page = context.pages()[0] ?? (await context.newPage());
      const tag = `mall-${device}-${language}`;
      await page.goto(`${baseUrl}/mall/shop/${seller.shopId}`);
      await settle(page, 'shop-vouchers');
      await shoot(page, `${tag}-shop`, false);
      if (device === 'phone' && language === 'en-US') {
        await axe(page, 'mall shop');
        await page.locator(`[data-voucher-id="${running.voucher.id}"]`).getByTestId('shop-voucher-claim').click();
        await page.locator(`[data-voucher-id="${running.voucher.id}"][data-state="claimed"]`).waitFor();
      }
      await page.goto(`${baseUrl}/mall/product/${product.productId}`);
      await settle(page, 'mall-product');
      await shoot(page, `${tag}-product`);
      await page.goto(`${baseUrl}/mall/checkout?items=${itemId}`);
      await settle(page, 'checkout-shop-voucher');
      await shoot(page, `${tag}-checkout`);
      if (device === 'phone' && language === 'en-US') await axe(page, 'mall checkout');
      await context.close();
    }
  }
});
