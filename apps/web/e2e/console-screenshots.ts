/**
 * Screenshots of the console's shops, buyers, appeals, account requests, settings, packages,
 * coupons, operators and money pages (desktop 1440×900), and of a frozen seller's appeal (desktop and phone 390×844), in
 * en-US and vi-VN, into screenshots/console/ (not a test). Run after a build:
 *   npx tsx apps/web/e2e/console-screenshots.ts
 * seller2's shop is frozen for the shots (with an appeal waiting) and unfrozen after them.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { repoRoot } from './support/server.ts';
import { launch, type Device } from './support/browser.ts';
import { runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { loginDesktop, loginPhone, SELLER2 } from './support/app.ts';
import { apiCall, sellerLogin } from './support/rewards.ts';
import { operatorToken } from './support/wallet.ts';
import { withConsoleSession } from './support/ops.ts';

const OUT = path.join(repoRoot, 'screenshots/console');
const shoot = shooter(OUT);

async function browserIn(device: Device, language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

async function console_(baseUrl: string, language: string, shopId: number): Promise<void> {
  const token = await operatorToken(baseUrl);
  const { context, page } = await browserIn('desktop', language);
  try {
    await withConsoleSession(page, token);
    const pages: [string, string, string][] = [
      ['shops', '/ops/shops', 'ops-shops-table'],
      ['shop', `/ops/shops/${shopId}`, 'ops-shop-audit-table'],
      ['buyers', '/ops/buyers', 'ops-buyers-table'],
      ['appeals', '/ops/appeals', 'ops-appeals-table'],
      ['requests-resets', '/ops/requests?kind=resets&status=approved', 'ops-page-requests'],
      ['requests-registrations', '/ops/requests?kind=registrations&status=approved', 'ops-page-requests'],
      ['settings', '/ops/settings', 'ops-settings-address-TRC20'],
      ['packages', '/ops/packages', 'package-offers-table'],
      ['coupons', '/ops/coupons', 'coupons-table'],
      ['operators', '/ops/operators', 'ops-operators-table'],
      ['money', '/ops/money', 'money-account-platform:deposits_clearing'],
    ];
    for (const [name, url, ready] of pages) {
      await page.goto(`${baseUrl}${url}`);
      await settle(page, ready);
      await shoot(page, `desktop-${language}-ops-${name}`);
    }
    await page.goto(`${baseUrl}/ops/buyers`);
    await settle(page, 'ops-buyers-table');
    await page.getByTestId('ops-buyer-freeze').first().click();
    await settle(page, 'ops-decision-reason');
    await shoot(page, `desktop-${language}-ops-buyer-freeze-dialog`, false);
    await page.goto(`${baseUrl}/ops/packages`);
    await settle(page, 'package-offers-table');
    await page.getByTestId('package-offer-edit-gold').click();
    await settle(page, 'package-offer-price');
    await shoot(page, `desktop-${language}-ops-package-dialog`, false);
    await page.goto(`${baseUrl}/ops/coupons`);
    await settle(page, 'coupons-table');
    await page.getByTestId('coupon-create').click();
    await settle(page, 'coupon-title');
    await shoot(page, `desktop-${language}-ops-coupon-dialog`, false);
    await page.goto(`${baseUrl}/ops/shops/${shopId}`);
    await settle(page, 'ops-shop-credit');
    await page.getByTestId('ops-shop-credit').click();
    await settle(page, 'ops-credit-score');
    await shoot(page, `desktop-${language}-ops-shop-credit-dialog`, false);
  } finally {
    await context.close();
  }
}

async function seller(baseUrl: string, language: string, state: 'form' | 'waiting'): Promise<void> {
  for (const device of ['desktop', 'phone'] as const) {
    const { context, page } = await browserIn(device, language);
    try {
      if (device === 'desktop') {
        await loginDesktop(page, baseUrl, SELLER2);
        await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
        await page.goto(`${baseUrl}/wallet`);
        await settle(page, 'wallet-appeal');
      } else {
        await loginPhone(page, baseUrl, SELLER2);
        await page.waitForURL((url) => url.pathname === '/m/shop', { timeout: 20_000 });
        await page.goto(`${baseUrl}/m/finance`);
        await settle(page, 'm-wallet-appeal');
      }
      await shoot(page, `${device}-${language}-seller-appeal-${state}`, false);
    } finally {
      await context.close();
    }
  }
}

runScreenshots(OUT, async (baseUrl) => {
  const token = await operatorToken(baseUrl);
  const { shopId, token: sellerToken } = await sellerLogin(baseUrl, SELLER2);
  await apiCall(baseUrl, 'POST', `/ops/shops/${shopId}/freeze`, token, { reason: 'Payment proof under review' });
  try {
    // First the form, then (after an appeal) its waiting state and the console's queue.
    for (const language of SCREENSHOT_LANGUAGES) await seller(baseUrl, language, 'form');
    await apiCall(baseUrl, 'POST', '/shop/appeal', sellerToken, { text: 'We sent the payment proof by email this morning.' });
    for (const language of SCREENSHOT_LANGUAGES) {
      await console_(baseUrl, language, shopId);
      await seller(baseUrl, language, 'waiting');
    }
  } finally {
    await apiCall(baseUrl, 'POST', `/ops/shops/${shopId}/unfreeze`, token, {});
  }
});
