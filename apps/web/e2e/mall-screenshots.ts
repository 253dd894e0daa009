/**
 * Screenshots of every mall page (not a test): desktop 1440×900 and phone 390×844, in
 * en-US and th-TH, light (and the home page dark), into screenshots/mall/. Run after a build:
 *   WEB_DIST=/tmp/web-mall npx tsx apps/web/e2e/mall-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, purchaseStock, sellerSession } from './support/orders.ts';
import { buyerHeaders, registerBuyer, runCarrier, signInMall, topUp, type MallBuyer } from './support/mall.ts';

const OUT = path.join(repoRoot, 'screenshots/mall');
const LANGUAGES = ['en-US', 'th-TH'] as const;
const shoot = shooter(OUT);

interface Card {
  productId: number;
  shopId: number;
  stock: number;
}

/** A buyer with money, a saved address, a claimed coupon, two cart lines and one signed order to review. */
async function prepareBuyer(baseUrl: string): Promise<{ buyer: MallBuyer; signedOrderId: string; paidOrderId: string; productId: number; shopId: number }> {
  const buyer = await registerBuyer(baseUrl, 'shot');
  await topUp(baseUrl, buyer, 500_000);
  const [address] = await api<{ id: number }[]>(baseUrl, 'POST', '/api/buyer/addresses', buyerHeaders(buyer), { name: 'Nina Park', phone: '+66 81 234 5678', area: 'Bangkok', address: '88 Sukhumvit Rd, Khlong Toei', isDefault: true });
  const coupons = await api<{ id: number }[]>(baseUrl, 'GET', '/api/mall/coupons', buyerHeaders(buyer));
  for (const coupon of coupons.slice(0, 2)) await api(baseUrl, 'POST', '/api/buyer/coupons/claim', buyerHeaders(buyer), { couponId: coupon.id });
  const list = await api<{ list: Card[] }>(baseUrl, 'GET', '/api/mall/products?sort=sales&pageSize=12', {});
  const inStock = list.list.filter((c) => c.stock > 5);
  // Two orders through the cart: one the seller purchases and the carrier signs, one left paid.
  const seller = await sellerSession(baseUrl);
  const ownProduct = inStock.find((c) => c.shopId === seller.shopId) ?? inStock[0];
  const orderIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    await api(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: ownProduct.productId, quantity: 1 });
    const cart = await api<{ shops: { items: { itemId: number }[] }[] }>(baseUrl, 'GET', '/api/buyer/cart', buyerHeaders(buyer));
    const itemIds = cart.shops.flatMap((s) => s.items.map((item) => item.itemId));
    const answer = await api<{ orders: { orderId: string }[] }>(baseUrl, 'POST', '/api/buyer/cart/checkout', buyerHeaders(buyer, true), { itemIds, addressId: address.id });
    orderIds.push(answer.orders[0].orderId);
  }
  await purchaseStock(baseUrl, seller.token, [orderIds[0]]);
  await runCarrier(baseUrl);
  await runCarrier(baseUrl);
  // The cart the screenshots show: lines of two shops when there are two.
  const other = inStock.find((c) => c.shopId !== ownProduct.shopId) ?? inStock[1];
  for (const card of [inStock[0], other]) await api(baseUrl, 'POST', '/api/buyer/cart', buyerHeaders(buyer), { productId: card.productId, quantity: 1 });
  return { buyer, signedOrderId: orderIds[0], paidOrderId: orderIds[1], productId: ownProduct.productId, shopId: ownProduct.shopId };
}

async function visit(page: Page, url: string, testId: string): Promise<void> {
  await page.goto(url);
  await settle(page, testId);
}

async function pages(baseUrl: string, device: Device, language: string, prepared: Awaited<ReturnType<typeof prepareBuyer>>): Promise<void> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = context.pages()[0] ?? (await context.newPage());
  const tag = `${device}-${language}`;
  const m = `${baseUrl}/mall`;
  try {
    // Anonymous: browsing and the account pages.
    await visit(page, m, 'ranking-bestSelling');
    await shoot(page, `${tag}-home`);
    if (device === 'phone') await shoot(page, `${tag}-home-full`, true);
    await visit(page, `${m}/search?keyword=blender`, 'search-results');
    await shoot(page, `${tag}-search`);
    if (device === 'phone') {
      await page.getByTestId('filter-toggle').click();
      await page.getByTestId('filter-min-price').fill('50');
      await page.getByTestId('filter-max-price').fill('10');
      await page.getByTestId('filter-apply').click();
      await shoot(page, `${tag}-search-filters`);
    }
    await visit(page, `${m}/search?category=appliance&sort=price_asc&minRating=4`, 'search-total');
    await shoot(page, `${tag}-search-category`);
    await visit(page, `${m}/search?keyword=zzzznothing`, 'mall-empty');
    await shoot(page, `${tag}-search-empty`);
    await visit(page, `${m}/product/${prepared.productId}`, 'add-to-cart');
    await shoot(page, `${tag}-product`);
    await shoot(page, `${tag}-product-full`, true);
    await visit(page, `${m}/shop/${prepared.shopId}`, 'shop-products');
    await shoot(page, `${tag}-shop`);
    await visit(page, `${m}/coupons`, 'coupon');
    await shoot(page, `${tag}-coupons-anonymous`);
    await visit(page, `${m}/login`, 'auth-submit');
    await page.getByTestId('auth-submit').click();
    await shoot(page, `${tag}-login-errors`);
    await visit(page, `${m}/register`, 'auth-submit');
    await shoot(page, `${tag}-register`);
    await visit(page, `${m}/nowhere`, 'mall-not-found');
    await shoot(page, `${tag}-not-found`);

    // Signed in: the buyer's pages.
    await signInMall(context, prepared.buyer);
    await visit(page, `${m}/cart`, 'cart-line');
    await shoot(page, `${tag}-cart`);
    await page.getByTestId('cart-checkout').click();
    await settle(page, 'checkout-pay');
    await shoot(page, `${tag}-checkout`, true);
    await page.getByTestId('checkout-new-address').check();
    await page.getByTestId('checkout-pay').click();
    await settle(page, 'address-name-error');
    await shoot(page, `${tag}-checkout-address-errors`, true);
    await visit(page, `${m}/coupons`, 'my-coupons');
    await shoot(page, `${tag}-coupons`);
    await visit(page, `${m}/me`, 'me-balance');
    await shoot(page, `${tag}-me`, true);
    await visit(page, `${m}/orders`, 'order-card');
    await shoot(page, `${tag}-orders`);
    await visit(page, `${m}/orders/${prepared.paidOrderId}`, 'order-timeline');
    await shoot(page, `${tag}-order-paid`, true);
    await page.getByTestId('order-cancel').click();
    await settle(page, 'cancel-dialog');
    await shoot(page, `${tag}-order-cancel-dialog`, false);
    await page.keyboard.press('Escape');
    await visit(page, `${m}/orders/${prepared.signedOrderId}`, 'review-form');
    await page.getByTestId('review-star-4').click();
    await shoot(page, `${tag}-order-signed`, true);
    await page.getByTestId('order-return').click();
    await settle(page, 'refund-dialog');
    await shoot(page, `${tag}-order-return-dialog`, false);
    await page.keyboard.press('Escape');

    // Dark theme (the toggle goes system → light → dark).
    await page.getByTestId('mall-theme').click();
    await page.getByTestId('mall-theme').click();
    await visit(page, m, 'ranking-bestSelling');
    await shoot(page, `${tag}-home-dark`);
    await visit(page, `${m}/product/${prepared.productId}`, 'add-to-cart');
    await shoot(page, `${tag}-product-dark`);
  } finally {
    await context.close();
  }
}

runScreenshots(OUT, async (baseUrl) => {
  const prepared = await prepareBuyer(baseUrl);
  for (const language of LANGUAGES) {
    await pages(baseUrl, 'desktop', language, prepared);
    await pages(baseUrl, 'phone', language, prepared);
  }
});
