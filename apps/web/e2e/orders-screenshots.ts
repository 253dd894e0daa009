/**
 * Screenshots of the catalog and order pages and their dialogs (not a test): desktop 1440×900 and
 * phone 390×844, in en-US and vi-VN, into screenshots/orders/. Run after a build:
 *   npx tsx apps/web/e2e/orders-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { api, placeOrder, sellerSession } from './support/orders.ts';

const OUT = path.join(repoRoot, 'screenshots/orders');
const shoot = shooter(OUT);




async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
}

async function desktop(baseUrl: string, language: string, orderId: string, productId: number): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    await page.goto(`${baseUrl}/products/warehouse`);
    await settle(page, 'warehouse-table');
    await shoot(page, `${tag}-warehouse`);
    await page.getByTestId('warehouse-table').locator('tbody tr.ant-table-row .ant-checkbox-input').nth(0).check();
    await page.getByTestId('warehouse-table').locator('tbody tr.ant-table-row .ant-checkbox-input').nth(1).check();
    await page.getByTestId('warehouse-add').click();
    await settle(page, 'add-dialog');
    await page.getByTestId('add-ratio').fill('35');
    await page.waitForTimeout(300);
    await shoot(page, `${tag}-warehouse-add-dialog`, false);
    await closeModal(page);

    await page.goto(`${baseUrl}/products/list`);
    await settle(page, 'products-table');
    await shoot(page, `${tag}-products`);
    await page.getByTestId('products-table').locator(`tr[data-row-key="${productId}"]`).getByTestId('product-edit').click();
    await settle(page, 'edit-dialog');
    await page.getByTestId('edit-profit').fill('22');
    await shoot(page, `${tag}-products-edit-dialog`, false);
    await closeModal(page);

    await page.goto(`${baseUrl}/orders`);
    await settle(page, 'orders-table');
    await shoot(page, `${tag}-orders`);
    await page.goto(`${baseUrl}/orders?tab=to_purchase&ids=${orderId}`);
    await settle(page, 'order-purchase');
    await page.getByTestId('order-detail').first().click();
    await settle(page, 'order-drawer');
    await shoot(page, `${tag}-orders-drawer`, false);
    await page.getByTestId('drawer-purchase').click();
    await settle(page, 'purchase-available');
    await shoot(page, `${tag}-orders-purchase-dialog`, false);
    await closeModal(page);
    await closeModal(page);

    await page.goto(`${baseUrl}/products/refunds`);
    await settle(page, 'refunds-table');
    await shoot(page, `${tag}-refunds`);
    const handle = page.getByTestId('refund-handle').first();
    if (await handle.count()) {
      await handle.click();
      await settle(page, 'refund-dialog');
      await page.getByTestId('refund-reject').click();
      await page.waitForTimeout(300);
      await shoot(page, `${tag}-refunds-dialog`, false);
      await closeModal(page);
    }

    await page.goto(`${baseUrl}/products/reviews`);
    await settle(page, 'reviews-table');
    await shoot(page, `${tag}-reviews`);
    const reply = page.getByTestId('review-reply-button').first();
    if (await reply.count()) {
      await reply.click();
      await settle(page, 'reply-dialog');
      await shoot(page, `${tag}-reviews-reply-dialog`, false);
      await closeModal(page);
    }
  });
}

async function phone(baseUrl: string, language: string, orderId: string, productId: number): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    await page.goto(`${baseUrl}/m/products`);
    await settle(page, 'm-product');
    await shoot(page, `${tag}-products`);
    await page.goto(`${baseUrl}/m/products/edit/${productId}`);
    await settle(page, 'm-edit-form');
    await shoot(page, `${tag}-product-edit`);
    await shoot(page, `${tag}-product-edit-full`, true);
    await page.goto(`${baseUrl}/m/orders`);
    await settle(page, 'm-order');
    await shoot(page, `${tag}-orders`);
    await page.goto(`${baseUrl}/m/orders?tab=refunds`);
    await settle(page, 'm-order');
    await shoot(page, `${tag}-orders-refunds`);
    await page.goto(`${baseUrl}/m/order-detail?orderId=${orderId}`);
    await settle(page, 'm-order-detail');
    await shoot(page, `${tag}-order-detail`);
    await shoot(page, `${tag}-order-detail-full`, true);
    await page.getByTestId('m-detail-purchase').click();
    await settle(page, 'm-purchase-available');
    await shoot(page, `${tag}-order-purchase-popup`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  const { orderId } = await placeOrder(baseUrl, seller, 'buyer12');
  const products = await api<{ list: { id: number }[] }>(baseUrl, 'GET', '/api/product/list?pageSize=1', { authToken: seller.token });
  const productId = products.list[0].id;
  for (const language of SCREENSHOT_LANGUAGES) {
    await desktop(baseUrl, language, orderId, productId);
    await phone(baseUrl, language, orderId, productId);
  }
});
