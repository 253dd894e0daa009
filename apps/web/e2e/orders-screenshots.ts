/**
 * Screenshots of the catalog and order pages and their dialogs (not a test): desktop 1440×900 and
 * phone 390×844, in en-US and vi-VN, into screenshots/orders/. Run after a build:
 *   npx tsx apps/web/e2e/orders-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { DEMO, loginDesktop, loginPhone } from './support/app.ts';
import { repoRoot, startServer } from './support/server.ts';
import { api, placeOrder, sellerSession } from './support/orders.ts';

const OUT = path.join(repoRoot, 'screenshots/orders');
const LANGUAGES = ['en-US', 'vi-VN'] as const;

async function settle(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
}

async function shoot(page: Page, name: string, fullPage = !name.startsWith('phone')): Promise<void> {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`saved ${path.relative(repoRoot, file)}`);
}

async function session(baseUrl: string, device: Device, language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = context.pages()[0] ?? (await context.newPage());
  if (device === 'desktop') {
    await loginDesktop(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
  } else {
    await loginPhone(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/m/shop', { timeout: 20_000 });
  }
  return { context, page };
}

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
}

async function desktop(baseUrl: string, language: string, orderNo: string, productId: number): Promise<void> {
  const { context, page } = await session(baseUrl, 'desktop', language);
  const tag = `desktop-${language}`;
  try {
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
    await page.goto(`${baseUrl}/orders?tab=to_purchase&ids=${orderNo}`);
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
  } finally {
    await context.close();
  }
}

async function phone(baseUrl: string, language: string, orderNo: string, productId: number): Promise<void> {
  const { context, page } = await session(baseUrl, 'phone', language);
  const tag = `phone-${language}`;
  try {
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
    await page.goto(`${baseUrl}/m/order-detail?orderId=${orderNo}`);
    await settle(page, 'm-order-detail');
    await shoot(page, `${tag}-order-detail`);
    await shoot(page, `${tag}-order-detail-full`, true);
    await page.getByTestId('m-detail-purchase').click();
    await settle(page, 'm-purchase-available');
    await shoot(page, `${tag}-order-purchase-popup`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
  try {
    const seller = await sellerSession(baseUrl);
    const { orderNo } = await placeOrder(baseUrl, seller, 'buyer12');
    const products = await api<{ list: { id: number }[] }>(baseUrl, 'GET', '/api/product/list?pageSize=1', { authToken: seller.token });
    const productId = products.list[0].id;
    for (const language of LANGUAGES) {
      await desktop(baseUrl, language, orderNo, productId);
      await phone(baseUrl, language, orderNo, productId);
    }
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
