/**
 * Screenshots of orders of a product variant on the seller's pages (not a test): the order list,
 * detail, purchase dialog (one order and a batch, and a purchase's result), refunds and notifications
 * on the desktop 1440×900, the order detail, purchase sheet and refunds tab on the phone 390×844, in
 * en-US and vi-VN, into screenshots/order-variants/. Run after a build:
 *   npx tsx apps/web/e2e/order-variants-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { addVariantProduct, api, buyerCheckout, buyerToken, removeVariantProduct, sellerSession } from './support/orders.ts';
import { DEMO_FUND_PASSWORD, operatorToken } from './support/wallet.ts';

const OUT = path.join(repoRoot, 'screenshots/order-variants');
const shoot = shooter(OUT);

interface Orders {
  /** Waiting for purchase: Blue, M and Black, L. */
  waiting: [string, string];
  /** Blue, L with a refund request. */
  refund: string;
}

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
}

async function desktop(baseUrl: string, language: string, orders: Orders, purchase: boolean): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    const [first, second] = orders.waiting;
    await page.goto(`${baseUrl}/orders?q=${encodeURIComponent(`${first}, ${second}, ${orders.refund}`)}`);
    await settle(page, 'order-line');
    await shoot(page, `${tag}-orders`);
    for (const id of orders.waiting) await page.getByTestId('orders-table').locator(`tr[data-row-key="${id}"] .ant-checkbox-input`).check();
    await page.getByTestId('orders-batch-purchase').click();
    await settle(page, 'purchase-orders');
    await shoot(page, `${tag}-purchase-batch`, false);
    await closeModal(page);
    await page.getByTestId('orders-table').locator(`tr[data-row-key="${first}"]`).getByTestId('order-detail').click();
    await settle(page, 'order-drawer');
    await shoot(page, `${tag}-order-drawer`, false);
    await page.getByTestId('drawer-purchase').click();
    await settle(page, 'purchase-available');
    await shoot(page, `${tag}-purchase-dialog`, false);
    if (purchase) {
      await page.getByTestId('purchase-fund-password').fill(DEMO_FUND_PASSWORD);
      await page.getByTestId('purchase-submit').click();
      await settle(page, 'purchase-summary');
      await shoot(page, `${tag}-purchase-done`, false);
    }
    await closeModal(page);
    await closeModal(page);

    await page.goto(`${baseUrl}/products/refunds`);
    await settle(page, 'order-line');
    await shoot(page, `${tag}-refunds`);
    await page.getByTestId('refunds-table').locator(`tr[data-row-key="${orders.refund}"]`).getByTestId('refund-handle').click();
    await settle(page, 'refund-dialog');
    await shoot(page, `${tag}-refund-dialog`, false);
    await closeModal(page);

    await page.goto(`${baseUrl}/notifications`);
    await settle(page, 'notification-item');
    await shoot(page, `${tag}-notifications`, false);
  });
}

async function phone(baseUrl: string, language: string, orders: Orders): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    const [first] = orders.waiting;
    await page.goto(`${baseUrl}/m/order-detail?orderId=${first}`);
    await settle(page, 'order-line');
    await shoot(page, `${tag}-order-detail`);
    await page.getByTestId('m-detail-purchase').click();
    await settle(page, 'm-purchase-available');
    await shoot(page, `${tag}-purchase-popup`);
    await page.goto(`${baseUrl}/m/orders?tab=refunds`);
    await settle(page, 'order-line');
    await shoot(page, `${tag}-refunds`);
    await page.goto(`${baseUrl}/m/order-detail?orderId=${orders.refund}`);
    await settle(page, 'order-line');
    await shoot(page, `${tag}-refund-detail`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const operator = await operatorToken(baseUrl);
  const product = await addVariantProduct(baseUrl, seller, operator);
  const variant = (name: string) => product.variants.find((v) => v.name === name)!.id;
  const buyer = await buyerToken(baseUrl, 'buyer28');
  const orders: Orders = {
    waiting: [await buyerCheckout(baseUrl, buyer, seller.shopId, product.productId, variant('Blue, M')), await buyerCheckout(baseUrl, buyer, seller.shopId, product.productId, variant('Black, L'))],
    refund: await buyerCheckout(baseUrl, buyer, seller.shopId, product.productId, variant('Blue, L')),
  };
  await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: buyer }, { orderId: orders.refund, reason: 'quality', note: 'The collar is torn' });
  try {
    for (const language of SCREENSHOT_LANGUAGES) await phone(baseUrl, language, orders);
    // The last desktop run buys the first order, to show the result.
    for (const [i, language] of SCREENSHOT_LANGUAGES.entries()) await desktop(baseUrl, language, orders, i === SCREENSHOT_LANGUAGES.length - 1);
  } finally {
    await removeVariantProduct(baseUrl, seller, operator, product, [...orders.waiting, orders.refund]);
  }
});
