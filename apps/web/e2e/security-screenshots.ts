/**
 * Screenshots of the account-security additions (not a test): desktop 1440×900 and phone 390×844,
 * in en-US and ms-MY, into screenshots/security/: a member's new role asking the owner's code
 * (desktop dialog, phone sheet), a role's new permissions asking it (phone), a member held on the
 * enrol screen by the shop's requirement, and the phone's activity log. Run after a build:
 *   npx tsx apps/web/e2e/security-screenshots.ts
 * The demo owner's second factor is turned on for the shots and off again after them.
 */
import path from 'node:path';
import { generate as generateTotp } from 'otplib';
import type { Page } from 'playwright-core';
import { repoRoot } from './support/server.ts';
import { launch } from './support/browser.ts';
import { demoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { addShopUser, DEMO, loginPhone, shopRoleId } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';

const OUT = path.join(repoRoot, 'screenshots/security');
const LANGUAGES = ['en-US', 'ms-MY'] as const;
const shoot = shooter(OUT);

/** Turns the demo owner's second factor on through the API: its recovery codes (to turn it off again). */
async function enrolDemo(baseUrl: string, token: string): Promise<string[]> {
  const { secret } = await api<{ secret: string }>(baseUrl, 'POST', '/api/account/twoFactor/enrol', { authToken: token }, {});
  const code = await generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) });
  return (await api<{ recoveryCodes: string[] }>(baseUrl, 'POST', '/api/account/twoFactor/confirm', { authToken: token }, { code })).recoveryCodes;
}

async function openRoleChange(page: Page, baseUrl: string, username: string) {
  await page.goto(`${baseUrl}/users?keyword=${username}`);
  await settle(page, 'users-table');
  await page.getByTestId('users-table').locator('tbody tr', { hasText: username }).getByTestId('user-edit').click();
  await page.getByTestId('user-role-finance').click();
  await settle(page, 'user-code-input');
}

runScreenshots(OUT, async (baseUrl) => {
  const { token } = await sellerSession(baseUrl, DEMO.username, DEMO.password);
  const member = await addShopUser(baseUrl, DEMO);
  const roleName = 'Packer';
  await fetch(`${baseUrl}/api/users/roles/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', authToken: token },
    body: JSON.stringify({ name: roleName, permissions: { orders: 'edit', products: 'view', refunds: 'none', reviews: 'none', chat: 'none', marketing: 'none', wallet: 'none', reports: 'none', settings: 'none', users: 'none' } }),
  });
  await shopRoleId(baseUrl, token, roleName);
  for (const language of LANGUAGES) {
    const desk = await demoSession(baseUrl, 'desktop', language);
    const phone = await demoSession(baseUrl, 'phone', language);
    const codes = await enrolDemo(baseUrl, token);
    try {
      await openRoleChange(desk.page, baseUrl, member.username);
      await shoot(desk.page, `desktop-${language}-user-role-code`);

      await phone.page.goto(`${baseUrl}/m/users?keyword=${member.username}`);
      await settle(phone.page, 'm-user');
      await phone.page.getByTestId('m-user').first().click();
      await phone.page.getByTestId('m-user-sheet').locator('.adm-action-sheet-button-item').first().click();
      await settle(phone.page, 'm-user-form');
      await phone.page.getByTestId('m-user-role').locator('.adm-selector-item').nth(3).click();
      await settle(phone.page, 'm-user-code-input');
      await shoot(phone.page, `phone-${language}-user-role-code`);
      await phone.page.goto(`${baseUrl}/m/users?tab=roles`);
      await settle(phone.page, 'm-role');
      await phone.page.getByTestId('m-role').filter({ hasText: roleName }).click();
      await phone.page.getByTestId('m-role-sheet').locator('.adm-action-sheet-button-item').first().click();
      await settle(phone.page, 'm-role-form');
      await phone.page.getByTestId('m-role-reports').locator('.adm-selector-item').nth(1).click();
      await settle(phone.page, 'm-role-code-input');
      await shoot(phone.page, `phone-${language}-role-code`);
      await phone.page.goto(`${baseUrl}/m/activity-log`);
      await settle(phone.page, 'm-activity-line');
      await shoot(phone.page, `phone-${language}-activity-log`);

      // The shop requires the factor: a member without it lands on the enrol screen.
      await api(baseUrl, 'POST', '/api/account/twoFactor/requirement', { authToken: token }, { required: true });
      for (const device of ['phone', 'desktop'] as const) {
        const context = await launch(device);
        await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
        const page = context.pages()[0] ?? (await context.newPage());
        if (device === 'phone') {
          await loginPhone(page, baseUrl, member);
          await settle(page, 'm-security-required');
        } else {
          await page.goto(`${baseUrl}/login`);
          await page.getByTestId('login-username').fill(member.username);
          await page.getByTestId('login-password').fill(member.password);
          await page.getByTestId('login-submit').click();
          await settle(page, 'security-required');
        }
        await page.waitForTimeout(800);
        await shoot(page, `${device}-${language}-required-enrol`);
        await context.close();
      }
    } finally {
      await api(baseUrl, 'POST', '/api/account/twoFactor/requirement', { authToken: token }, { required: false });
      await api(baseUrl, 'POST', '/api/account/twoFactor/disable', { authToken: token }, { code: codes[0] });
      await desk.context.close();
      await phone.context.close();
    }
  }
});
