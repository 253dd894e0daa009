/**
 * Screenshots of the phone pages that stand for desktop pages (warehouse, reviews, search, batch
 * purchase; not a test): 390×844 in en-US and
 * th-TH, into screenshots/phone-parity/. Run after a build:
 *   npx tsx apps/web/e2e/phone-parity-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { demoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, buyerToken, placeOrder, sellerSession } from './support/orders.ts';

const OUT = path.join(repoRoot, 'screenshots/phone-parity');
const LANGUAGES = ['en-US', 'th-TH'] as const;
const shoot = shooter(OUT);

async function phone(baseUrl: string, language: string, refundOrderId: string): Promise<void> {
  const { context, page } = await demoSession(baseUrl, 'phone', language);
  const tag = `phone-${language}`;
  const calm = () => page.waitForTimeout(500);
  try {
    await page.goto(`${baseUrl}/m/orders?tab=to_purchase`);
    await settle(page, 'm-order');
    await shoot(page, `${tag}-orders`);
    await page.getByTestId('m-batch-start').click();
    const picks = page.getByTestId('m-order-pick');
    for (let i = 0; i < 3; i++) await picks.nth(i).click();
    await calm();
    await shoot(page, `${tag}-orders-batch`);
    await page.getByTestId('m-batch-purchase').click();
    await settle(page, 'm-purchase-popup');
    await shoot(page, `${tag}-orders-batch-popup`);

    await page.goto(`${baseUrl}/m/orders?keyword=e2e`);
    await settle(page, 'm-orders-page');
    await shoot(page, `${tag}-orders-search`);

    await page.goto(`${baseUrl}/m/order-detail?orderId=${refundOrderId}`);
    await settle(page, 'm-refund-reject');
    await page.getByTestId('m-refund-reject').click();
    await settle(page, 'm-reject-dialog');
    await page.locator('.adm-dialog-button').last().click();
    await settle(page, 'm-reject-reason-error');
    await shoot(page, `${tag}-refund-reject-empty`);

    await page.goto(`${baseUrl}/m/order-detail?orderId=NO-SUCH-ORDER`);
    await settle(page, 'm-order-not-found');
    await shoot(page, `${tag}-order-not-found`);
    await page.goto(`${baseUrl}/m/products/edit/abc`);
    await settle(page, 'm-product-not-found');
    await shoot(page, `${tag}-product-not-found`);

    await page.goto(`${baseUrl}/m/products`);
    await settle(page, 'm-product');
    await shoot(page, `${tag}-products`);
    await page.getByTestId('m-product-more').first().click();
    await calm();
    await shoot(page, `${tag}-products-more`);
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/m/products?category=phone`);
    await settle(page, 'm-products-page');
    await page.getByTestId('m-products-category').click();
    await calm();
    await shoot(page, `${tag}-products-category`);

    await page.goto(`${baseUrl}/m/warehouse`);
    await settle(page, 'm-warehouse-item');
    await shoot(page, `${tag}-warehouse`);
    await page.goto(`${baseUrl}/m/warehouse?inShop=0`);
    await settle(page, 'm-warehouse-item');
    await page.getByTestId('m-warehouse-item').nth(0).click();
    await page.getByTestId('m-warehouse-item').nth(1).click();
    await calm();
    await shoot(page, `${tag}-warehouse-picked`);
    await page.getByTestId('m-warehouse-add').click();
    await settle(page, 'm-add-sheet');
    await page.getByTestId('m-add-ratio').locator('input').fill('35');
    await calm();
    await shoot(page, `${tag}-warehouse-add`);

    await page.goto(`${baseUrl}/m/reviews`);
    await settle(page, 'm-review');
    await shoot(page, `${tag}-reviews`);
    await page.goto(`${baseUrl}/m/reviews?unanswered=1`);
    await settle(page, 'm-review-reply-button');
    await page.getByTestId('m-review-reply-button').first().click();
    await settle(page, 'm-reply-sheet');
    await page.getByTestId('m-reply-submit').click();
    await calm();
    await shoot(page, `${tag}-reviews-reply`);
  } finally {
    await context.close();
  }
}

async function shootAll(baseUrl: string): Promise<void> {
  const seller = await sellerSession(baseUrl);
  for (const buyer of ['buyer21', 'buyer22', 'buyer23']) await placeOrder(baseUrl, seller, buyer);
  const refund = await placeOrder(baseUrl, seller, 'buyer24');
  await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: await buyerToken(baseUrl, 'buyer24') }, { orderId: refund.orderId, reason: 'quality', note: 'Screen cracked' });
  for (const language of LANGUAGES) await phone(baseUrl, language, refund.orderId);
}

runScreenshots(OUT, shootAll);
