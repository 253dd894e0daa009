/**
 * Screenshots of the mall's variant pages (not a test): desktop 1440×900 and phone 390×844, in
 * en-US and th-TH: the demo T-shirt's page before a choice (price range, "please choose"), with a
 * sold-out size and with Blue, M picked; the phone case (a sold-out colour); the cart with two
 * T-shirt lines and a case the seller switched off (unavailable), their checkout; the order list and the order page,
 * into screenshots/mall-variants/. Run after a build:
 *   npx tsx apps/web/e2e/mall-variants-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp, type MallBuyer } from './support/mall.ts';

const OUT = path.join(repoRoot, 'screenshots/mall-variants');
const LANGUAGES = ['en-US', 'th-TH'] as const;
const shoot = shooter(OUT);

interface Variant {
  id: number;
  name: string;
}

async function productId(baseUrl: string, keyword: string): Promise<number> {
  const found = await api<{ list: { productId: number }[] }>(baseUrl, 'GET', `/api/mall/products?keyword=${encodeURIComponent(keyword)}&pageSize=1`, {});
  return found.list[0]!.productId;
}

/** A buyer with a Blue, M order and the cart holding Black, S and White, L. */
async function prepare(baseUrl: string) {
  const tee = await productId(baseUrl, 'Crew-Neck');
  const phoneCase = await productId(baseUrl, 'Silicone Phone Case');
  const { variants } = await api<{ variants: Variant[] }>(baseUrl, 'GET', `/api/buyer/products/${tee}`, {});
  const id = (name: string) => variants.find((v) => v.name === name)!.id;
  const buyer = await registerBuyer(baseUrl, 'vshot');
  await topUp(baseUrl, buyer, 50_000);
  const [address] = await api<{ id: number }[]>(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'Nina Park', phone: '+66 81 234 5678', area: 'Bangkok', address: '88 Sukhumvit Rd, Khlong Toei', isDefault: true });
  const added = await api<{ shops: { items: { itemId: number }[] }[] }>(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: tee, variantId: id('Blue, M'), quantity: 1 });
  const itemIds = added.shops.flatMap((s) => s.items.map((i) => i.itemId));
  const paid = await api<{ orders: { orderId: string }[] }>(baseUrl, 'POST', '/api/buyer/cart/checkout', buyerHeaders(buyer, true), { itemIds, addressId: address!.id });
  for (const name of ['Black, S', 'White, L']) await api(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: tee, variantId: id(name), quantity: 1 });
  // A navy case in the cart, then switched off by the seller: its line shows as unavailable.
  const navy = (await api<{ variants: Variant[] }>(baseUrl, 'GET', `/api/buyer/products/${phoneCase}`, {})).variants.find((v) => v.name === 'Navy')!;
  await api(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: phoneCase, variantId: navy.id, quantity: 1 });
  const seller = await sellerSession(baseUrl);
  await api(baseUrl, 'POST', '/api/product/variants', { authToken: seller.token }, { id: phoneCase, variants: [{ id: navy.id, enabled: false }] });
  const cart = await api<{ shops: { items: { itemId: number; available: boolean }[] }[] }>(baseUrl, 'GET', '/api/buyer/cart', buyerHeaders(buyer));
  const checkoutItems = cart.shops.flatMap((s) => s.items.filter((i) => i.available).map((i) => i.itemId));
  return { buyer, tee, phoneCase, orderId: paid.orders[0]!.orderId, checkoutItems };
}

async function chip(page: Page, axis: string, value: string) {
  await page.locator(`[data-testid="variant-axis"][data-axis="${axis}"] [data-value="${value}"]`).click();
}

async function pages(baseUrl: string, device: Device, language: string, prepared: Awaited<ReturnType<typeof prepare>> & { buyer: MallBuyer }): Promise<void> {
  const context = await launch(device, { scale: device === 'phone' ? 2 : 1 });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await signInMall(context, prepared.buyer);
  const page = context.pages()[0] ?? (await context.newPage());
  const tag = `${device}-${language}`;
  // The picker in the middle of the screen (on a phone the buttons' bar covers the bottom).
  const picker = async () => {
    await page.getByTestId('variant-picker').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
  };
  try {
    await page.goto(`${baseUrl}/mall/product/${prepared.tee}`);
    await settle(page, 'variant-picker');
    await page.getByTestId('add-to-cart').click();
    await settle(page, 'variant-missing');
    await shoot(page, `${tag}-product-unchosen`);
    if (device === 'phone') {
      await picker();
      await shoot(page, `${tag}-product-unchosen-picker`, false);
    }
    await chip(page, 'Colour', 'White');
    await picker();
    await shoot(page, `${tag}-product-white`, false);
    await chip(page, 'Colour', 'Blue');
    await chip(page, 'Size', 'M');
    await page.waitForTimeout(300);
    await shoot(page, `${tag}-product-blue-m`);
    if (device === 'phone') {
      await picker();
      await shoot(page, `${tag}-product-blue-m-picker`, false);
    }
    await page.goto(`${baseUrl}/mall/product/${prepared.phoneCase}`);
    await settle(page, 'variant-picker');
    await picker();
    await shoot(page, `${tag}-product-case`, false);
    await page.goto(`${baseUrl}/mall/cart`);
    await settle(page, 'cart-variant');
    await shoot(page, `${tag}-cart`);
    await page.goto(`${baseUrl}/mall/checkout?items=${prepared.checkoutItems.join(',')}`);
    await settle(page, 'checkout-variant');
    await shoot(page, `${tag}-checkout`);
    await page.goto(`${baseUrl}/mall/orders`);
    await settle(page, 'order-variant');
    await shoot(page, `${tag}-orders`);
    await page.goto(`${baseUrl}/mall/orders/${prepared.orderId}`);
    await settle(page, 'order-sku');
    await shoot(page, `${tag}-order`);
  } finally {
    await context.close();
  }
}

runScreenshots(OUT, async (baseUrl) => {
  const prepared = await prepare(baseUrl);
  for (const language of LANGUAGES) {
    await pages(baseUrl, 'desktop', language, prepared);
    await pages(baseUrl, 'phone', language, prepared);
  }
});
