import { describe, expect, inject, it } from 'vitest';
import { PROMOTION_PACKAGES } from '@shopdesk/shared/products/packages';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, idleButton, loginDesktop, loginPhone } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { centsOf, DEMO_FUND_PASSWORD, expectCents } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();
const GOLD = PROMOTION_PACKAGES.gold.priceCents;

/** The demo shop's purchase records, newest first (the API the pages read). */
async function history(): Promise<{ total: number; list: { id: number; type: string; status: string }[] }> {
  const seller = await sellerSession(baseUrl);
  return api(baseUrl, 'POST', '/api/marketing/purchaseHistory', { authToken: seller.token }, {});
}

describe('promotion packages on the desktop (1440×900)', () => {
  it('buys a package with the fund password: the balance and the purchase history change', async () => {
    const before = await history();
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/marketing/shop-express`);
    await page.getByTestId('package-cards').waitFor();
    const available = await centsOf(page, 'package-available');

    await page.getByTestId('package-buy-gold').click();
    await page.getByTestId('package-purchase-dialog').waitFor();
    expect(await centsOf(page, 'package-price')).toBe(GOLD);
    expect(await centsOf(page, 'package-balance')).toBe(available);
    expect(await centsOf(page, 'package-balance-after')).toBe(available - GOLD);
    await expect.poll(() => page.getByTestId('package-dialog-rule').textContent()).toMatch(/valid until \d{2}\/\d{2}\/\d{4}/);

    // A wrong fund password: refused at the field, nothing moved.
    await page.getByTestId('package-fund-password').fill('000000');
    await page.getByTestId('package-purchase-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: /Wrong payment password/ }).waitFor();
    expect((await history()).total).toBe(before.total);

    await page.getByTestId('package-fund-password').fill(DEMO_FUND_PASSWORD);
    await idleButton(page, 'package-purchase-submit').click();
    await page.getByTestId('package-purchase-success').waitFor();
    expect(await centsOf(page, 'package-balance-after')).toBe(available - GOLD);
    await page.getByTestId('package-purchase-done').click();
    await expectCents(page, 'package-available', available - GOLD);
    await expect(page.getByTestId('package-card-gold').getByTestId('package-active-tag').count()).resolves.toBe(1);

    // The purchase history shows it first, active; the package it extended is "replaced".
    await page.getByTestId('package-history-link').click();
    await expectPath(page, '/marketing/purchase-history');
    const first = page.getByTestId('purchase-history-table').locator('tbody tr.ant-table-row').first();
    await first.getByText('Gold', { exact: true }).waitFor();
    await first.getByTestId('purchase-status-active').waitFor();
    const after = await history();
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]).toMatchObject({ type: 'gold', status: 'active' });

    // The filter lives in the URL.
    await page.goto(`${baseUrl}/marketing/purchase-history?status=replaced`);
    await page.getByTestId('purchase-history-table').locator('tbody tr.ant-table-row').first().getByTestId('purchase-status-replaced').waitFor();
  });
});

describe('promotion packages on the phone (390×844)', () => {
  it('buys a package in the sheet with the passcode: the balance and the history tab change', async () => {
    const before = await history();
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname.startsWith('/m/') && url.pathname !== '/m/login');
    await page.goto(`${baseUrl}/m/shop-express`);
    await page.getByTestId('m-package-card-gold').waitFor();
    const available = await centsOf(page, 'm-package-available');

    await page.getByTestId('m-package-buy-gold').click();
    await page.getByTestId('m-package-popup').waitFor();
    await page.getByTestId('m-package-passcode').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-package-popup').waitFor({ state: 'detached' });
    await expectCents(page, 'm-package-available', available - GOLD);

    await page.getByTestId('m-shop-express-tab-history').click();
    const first = page.getByTestId('m-purchase-line').first();
    await first.getByTestId('m-purchase-status-active').waitFor();
    await expect.poll(() => first.textContent()).toContain('Gold');
    expect((await history()).total).toBe(before.total + 1);
  });
});
