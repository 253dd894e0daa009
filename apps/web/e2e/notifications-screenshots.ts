/**
 * Screenshots of the notifications (not a test): the bell open, the notifications page, a live
 * toast, the settings dialog's sound setting (desktop 1440×900) and the drawer and the profile's
 * sound setting (phone 390×844), in en-US and vi-VN, into screenshots/notifications/. Run after a build:
 *   npx tsx apps/web/e2e/notifications-screenshots.ts
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { api, buyerToken, placeOrder, sellerSession } from './support/orders.ts';

const OUT = path.join(repoRoot, 'screenshots/notifications');
const shoot = shooter(OUT);

async function desktop(baseUrl: string, language: string, newOrder: () => Promise<unknown>): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    await page.goto(`${baseUrl}/orders`);
    await settle(page, 'orders-table');
    await page.locator('.desktop-header').click({ position: { x: 600, y: 20 } });
    await page.waitForFunction(() => document.documentElement.dataset.notificationStream === 'open');
    await newOrder();
    await settle(page, 'notification-toast');
    await shoot(page, `${tag}-toast`, false);
    await page.getByTestId('notification-bell').click();
    await settle(page, 'notification-panel');
    await shoot(page, `${tag}-bell-open`, false);
    await page.getByTestId('notification-view-all').click();
    await settle(page, 'notifications-list');
    await shoot(page, `${tag}-notifications-page`);
    await page.getByTestId('settings-button').click();
    await settle(page, 'sound-switch');
    await shoot(page, `${tag}-settings-sound`, false);
  });
}

async function phone(baseUrl: string, language: string, newOrder: () => Promise<unknown>): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    // Wait for the login's welcome Toast to go, then interact (SPEC §4: the stream opens on it).
    await page.waitForTimeout(3500);
    await page.touchscreen.tap(195, 20);
    await page.waitForFunction(() => document.documentElement.dataset.notificationStream === 'open');
    await newOrder();
    await settle(page, 'm-notification-toast');
    await shoot(page, `${tag}-toast`);
    await page.waitForTimeout(3200);
    await page.getByTestId('m-bell').click();
    await settle(page, 'm-notification-item');
    await shoot(page, `${tag}-drawer`);
    await page.getByTestId('m-notifications-tab-all').click();
    await page.waitForTimeout(800);
    await shoot(page, `${tag}-drawer-all`);
    await page.goto(`${baseUrl}/m/profile`);
    await settle(page, 'm-sound-switch');
    await page.getByTestId('m-sound-test').scrollIntoViewIfNeeded();
    await shoot(page, `${tag}-profile-sound`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  const seller = await sellerSession(baseUrl);
  let n = 0;
  const newOrder = async () => {
    const { orderId } = await placeOrder(baseUrl, seller, `buyer${(n++ % 6) + 1}`);
    if (n % 2 === 0) await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: await buyerToken(baseUrl, `buyer${((n - 1) % 6) + 1}`) }, { orderId, reason: 'quality', note: 'Screenshot' });
  };
  for (const language of SCREENSHOT_LANGUAGES) {
    await desktop(baseUrl, language, newOrder);
    await phone(baseUrl, language, newOrder);
  }
});
