import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate as generateTotp } from 'otplib';
import { TWO_FACTOR } from '@shopdesk/shared/constants';
import type { OpsPackageOffer } from '@shopdesk/shared/ops/offers';
import { chooseDesktopLanguage, clickUntilShown, pageOpener } from './support/page.ts';
import { DEMO, expectPath, idleButton, loginDesktop } from './support/app.ts';
import { withConsoleSession } from './support/ops.ts';
import { apiCall } from './support/rewards.ts';
import { operatorToken } from './support/wallet.ts';

/**
 * The console's packages and coupons, and the password-reset link handed over from it, at
 * 1440×900: a catalog operator (enrolling the second factor at first login) changes the diamond
 * package's price and the seller's package page shows it; creates a mall coupon and retires it.
 * A support desk approves a seller's reset request in the console and hands over the link; the
 * seller sets a new password with it and logs in. Screenshots go to SCREENSHOT_DIR when it is set.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const codeFor = (secret: string, ahead = 0) => generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * TWO_FACTOR.PERIOD_SECONDS });

/** A new operator of the role signs in at /ops/login, enrolling the authenticator shown. */
async function newOperatorSignedIn(page: Page, opsRole: string): Promise<void> {
  const admin = await operatorToken(baseUrl);
  const user = { username: `${opsRole.slice(0, 3)}${Date.now().toString(36)}`, password: 'Catalog#2026ops' };
  await apiCall(baseUrl, 'POST', '/ops/operators', admin, { username: user.username, password: Buffer.from(user.password).toString('base64'), name: 'Catalog desk', opsRole });
  await page.goto(`${baseUrl}/ops/login`);
  await page.getByTestId('ops-username').fill(user.username);
  await page.getByTestId('ops-password').fill(user.password);
  await page.getByTestId('ops-login-submit').click();
  await page.getByTestId('ops-qr').waitFor();
  const secret = (await page.getByTestId('ops-secret').textContent())!.trim();
  await page.getByTestId('ops-code').fill(await codeFor(secret));
  await page.getByTestId('ops-code-submit').click();
  await page.getByTestId('ops-recovery-continue').click();
  await page.getByTestId('ops-layout').waitFor();
}

const menu = (page: Page) => page.locator('[data-testid^="ops-menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

describe('the console packages and coupons (1440×900)', () => {
  it("a catalog operator changes the diamond package's price; the seller's package page shows the new price", async () => {
    const admin = await operatorToken(baseUrl);
    const before = (await apiCall<OpsPackageOffer[]>(baseUrl, 'GET', '/ops/packageOffers', admin)).find((o) => o.type === 'diamond')!;
    try {
      const page = await open('desktop');
      await newOperatorSignedIn(page, 'catalog');
      // The catalog role's pages, in the menu's order.
      expect(await menu(page)).toEqual(['ops-menu-warehouse', 'ops-menu-packages', 'ops-menu-coupons', 'ops-menu-settings', 'ops-menu-audit']);
      await page.getByTestId('ops-menu-packages').click();
      await page.getByTestId('package-offers-table').waitFor();
      await shot(page, 'ops-packages-en-US');

      await page.getByTestId('package-offer-edit-diamond').click();
      const price = page.getByTestId('package-offer-price');
      await price.fill('0');
      await page.getByTestId('package-offer-save').click();
      await page.locator('.ant-form-item-explain-error').getByText('Enter a price above 0').waitFor();
      await price.fill('1234.50');
      await page.getByTestId('package-offer-days').fill('40');
      await shot(page, 'ops-package-edit-en-US');
      await page.getByTestId('package-offer-save').click();
      await expect.poll(() => page.getByTestId('package-offer-price-diamond').textContent()).toBe('1,234.50 USDT');
      // The change is in the packages' history with the operator's name, before and after.
      const history = page.getByTestId('package-offers-history-table');
      await history.getByText('Catalog desk').first().waitFor();
      await history.getByText('"priceCents":123450', { exact: false }).waitFor();

      // The seller's package page offers the new price and validity.
      const seller = await page.context().newPage();
      await loginDesktop(seller, baseUrl, DEMO);
      await expectPath(seller, '/dashboard');
      await seller.goto(`${baseUrl}/marketing/shop-express`);
      const card = seller.getByTestId('package-card-diamond');
      await expect.poll(() => card.locator('.pkg-price').textContent()).toContain('1,234.50');
      await card.getByText('40', { exact: false }).first().waitFor();

      // A coupon made in the console is offered in the mall; retired, it is not.
      await page.bringToFront();
      await page.getByTestId('ops-menu-coupons').click();
      await page.getByTestId('coupons-table').waitFor();
      await page.getByTestId('coupon-create').click();
      await page.getByTestId('coupon-save').click();
      await page.locator('.ant-form-item-explain-error').getByText('Enter a title').waitFor();
      const title = `Console coupon ${Date.now().toString(36)}`;
      await page.getByTestId('coupon-title').fill(title);
      await page.getByTestId('coupon-amount').fill('2.5');
      await page.getByTestId('coupon-min-spend').fill('20');
      await shot(page, 'ops-coupon-create-en-US');
      await page.getByTestId('coupon-save').click();
      const row = page.getByTestId('coupons-table').locator('tr', { hasText: title });
      await row.waitFor();
      const mall = async () => (await apiCall<{ id: number; title: string }[]>(baseUrl, 'GET', '/mall/coupons', null)).find((c) => c.title === title);
      const offered = await mall();
      expect(offered).toBeDefined();
      await shot(page, 'ops-coupons-en-US');
      await page.getByTestId(`coupon-retire-${offered!.id}`).click();
      await clickUntilShown(page.getByTestId('coupon-retire-confirm'), page.getByTestId(`coupon-state-${offered!.id}`).filter({ hasText: 'Retired' }));
      expect(await mall()).toBeUndefined();

      await chooseDesktopLanguage(page, 'vi-VN');
      await page.getByTestId('coupons-history-table').waitFor();
      await shot(page, 'ops-coupons-vi-VN');
      await page.getByTestId('ops-menu-packages').click();
      await page.getByTestId('package-offers-table').waitFor();
      await shot(page, 'ops-packages-vi-VN');
    } finally {
      // Later files buy packages at the first price.
      await apiCall(baseUrl, 'POST', '/ops/packageOffers', admin, { type: 'diamond', priceCents: before.priceCents, validityDays: before.validityDays, maxRecommended: before.maxRecommended, active: before.active });
    }
  });

  it('a support desk approves a reset request in the console and hands over the link; the seller sets a new password with it and logs in', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const seller = { username: `hand${stamp}`, password: 'First-handover-71' };
    const admin = await operatorToken(baseUrl);
    const { shopId } = await apiCall<{ shopId: number }>(baseUrl, 'POST', '/sellAuth/register', null, { username: seller.username, password: Buffer.from(seller.password).toString('base64'), shopName: `Handover ${stamp}` });
    await apiCall(baseUrl, 'POST', `/ops/registrations/${shopId}/approve`, admin, {});
    await apiCall(baseUrl, 'POST', '/sellAuth/resetRequest', null, { username: seller.username, contact: 'Telegram @handover' });

    const ops = await withConsoleSession(await open('desktop'), admin);
    await ops.goto(`${baseUrl}/ops/requests`);
    const row = ops.getByTestId('ops-resets-table').locator('tr', { hasText: seller.username });
    await row.getByText('Telegram @handover').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await ops.getByTestId('ops-decision-ok').click();
    const linkField = ops.getByTestId('ops-reset-link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/reset-password#token=[\w-]+$/);
    await shot(ops, 'ops-reset-link-en-US');

    // The seller opens the link handed over, sets a new password and logs in with it.
    const page = await ops.context().newPage();
    await page.goto(link);
    await page.getByText(`New password for ${seller.username}`, { exact: false }).waitFor();
    await page.getByTestId('reset-new-password').fill('Second-handover-72');
    await page.getByTestId('reset-confirm-password').fill('Second-handover-72');
    await idleButton(page, 'reset-password-submit').click();
    await expectPath(page, '/login');
    await loginDesktop(page, baseUrl, { ...seller, password: 'Second-handover-72' });
    await expectPath(page, '/dashboard');
  });
});
