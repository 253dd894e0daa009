import { describe, expect, inject, it } from 'vitest';
import { generate as generateTotp } from 'otplib';
import type { Page } from 'playwright-core';
import { TWO_FACTOR } from '@shopdesk/shared/constants';
import { pageOpener } from './support/page.ts';
import { SELLER2, addShopUser, expectPath, loginDesktop, loginPhone, shopRoleId } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { TEST_WALLET_ADDRESS, pickSavedAddress, toWithdrawalConfirm } from './support/wallet.ts';

/**
 * The owner turns on two-step verification from the account menu (QR code, typed key, recovery
 * codes shown once) and a withdrawal then asks for a fresh code before it is sent.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();
const SELLER2_FUND_PASSWORD = '246810';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const stepOf = (ms: number) => Math.floor(ms / 1000 / TWO_FACTOR.PERIOD_SECONDS);

/**
 * A code of a step later than `afterStep` (a code is good once). The server accepts a code one step
 * early (clock drift), so the next step's code serves at once; only a step beyond that is waited for.
 */
async function codeAfter(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  while (stepOf(Date.now()) + TWO_FACTOR.WINDOW_STEPS <= afterStep) await new Promise((resolve) => setTimeout(resolve, 500));
  const step = Math.max(stepOf(Date.now()), afterStep + 1);
  return { code: await generateTotp({ secret, epoch: step * TWO_FACTOR.PERIOD_SECONDS }), step };
}

/**
 * Turns the factor off again through the API with two recovery codes, so the other browser tests
 * log seller2 in with the password alone; the shop's requirement goes first (the owner would be
 * held back by it without the factor).
 */
async function turnOff(recoveryCodes: string[]): Promise<void> {
  const first = await api<{ challenge: string }>(baseUrl, 'POST', '/api/sellAuth/login', {}, { username: SELLER2.username, password: b64(SELLER2.password) });
  const session = await api<{ token: string }>(baseUrl, 'POST', '/api/sellAuth/login/verify', {}, { challenge: first.challenge, code: recoveryCodes[0] });
  await api(baseUrl, 'POST', '/api/account/twoFactor/requirement', { authToken: session.token }, { required: false });
  await api(baseUrl, 'POST', '/api/account/twoFactor/disable', { authToken: session.token }, { code: recoveryCodes[1] });
}

/** The envelope's error key of a refused call (null when it answered). */
async function refusal(pathName: string, token: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}${pathName}`, { headers: { authToken: token, 'accept-language': 'en-US' } });
  const envelope = (await response.json()) as { code: number; error?: string };
  return envelope.code === 0 ? null : (envelope.error ?? String(envelope.code));
}

async function enrol(page: Page): Promise<{ secret: string; step: number; recoveryCodes: string[] }> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-security').click();
  await expectPath(page, '/account/security');
  await page.getByTestId('security-enrol').click();
  const secret = ((await page.getByTestId('security-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect.poll(() => page.locator('[data-testid="security-enrolment"] img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const { code, step } = await codeAfter(secret, 0);
  await page.getByTestId('security-enrol-code').fill(code);
  await page.getByTestId('security-enrol-confirm').click();
  const codes = page.getByTestId('security-recovery-codes');
  await codes.waitFor();
  const recoveryCodes = await codes.locator('code').allTextContents();
  expect(recoveryCodes).toHaveLength(TWO_FACTOR.RECOVERY_CODES);
  await page.getByTestId('security-codes-done').click();
  await expect.poll(() => page.getByTestId('security-factor-state').textContent()).toBe('On');
  return { secret, step, recoveryCodes };
}

describe('two-step verification (desktop 1440×900)', () => {
  it('the owner turns it on, and a withdrawal is sent only after a fresh code', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, SELLER2);
    await expectPath(page, '/dashboard');
    const factor = await enrol(page);
    try {
      await page.goto(`${baseUrl}/wallet`);
      await page.getByTestId('wallet-withdraw').click();
      await pickSavedAddress(page, TEST_WALLET_ADDRESS);
      await page.getByTestId('withdraw-amount').fill('100');
      await page.getByTestId('withdraw-fund-password').fill(SELLER2_FUND_PASSWORD);
      // Without the code the form stops.
      await page.getByTestId('withdraw-next').click();
      await page.locator('.ant-form-item-explain-error').filter({ hasText: 'recovery code' }).waitFor();
      const { code } = await codeAfter(factor.secret, factor.step);
      await page.getByTestId('withdraw-code').fill(code);
      await toWithdrawalConfirm(page);
      const stepUp = page.waitForResponse((r) => r.url().endsWith('/api/account/stepUp'));
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/wallet/withdraw'));
      await page.getByTestId('withdraw-confirm-submit').click();
      expect((await stepUp).status()).toBe(200);
      const withdrawal = await sent;
      expect(withdrawal.status()).toBe(200);
      expect(withdrawal.request().headers()['x-step-up']).toBeTruthy();
      await page.getByTestId('withdraw-done').waitFor();

      // The next login asks for the code after the password.
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.goto(`${baseUrl}/login`);
      await page.getByTestId('login-username').fill(SELLER2.username);
      await page.getByTestId('login-password').fill(SELLER2.password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-code').waitFor();
      await page.getByTestId('login-code').fill(factor.recoveryCodes[2]!);
      await page.getByTestId('login-code-submit').click();
      await expectPath(page, '/dashboard');
    } finally {
      await turnOff(factor.recoveryCodes);
    }
  });
});

describe('two-step verification before a role change and for every member', () => {
  it("asks the owner's code before a member's new role on the desktop and a role's new permissions on the phone", async () => {
    // Set up while seller2 still logs in with the password alone: a member and a shop role.
    const member = await addShopUser(baseUrl, SELLER2);
    const { token } = await sellerSession(baseUrl, SELLER2.username, SELLER2.password);
    const roleName = `Pack ${Date.now().toString(36).slice(-5)}`;
    await api(baseUrl, 'POST', '/api/users/roles/create', { authToken: token }, { name: roleName, permissions: { orders: 'edit', products: 'none', refunds: 'none', reviews: 'none', chat: 'none', marketing: 'none', wallet: 'none', reports: 'none', settings: 'none', users: 'none' } });
    const finance = await shopRoleId(baseUrl, token, 'finance');

    const page = await open('desktop');
    await loginDesktop(page, baseUrl, SELLER2);
    await expectPath(page, '/dashboard');
    const factor = await enrol(page);
    try {
      await page.goto(`${baseUrl}/users?keyword=${member.username}`);
      const row = page.getByTestId('users-table').locator('tbody tr', { hasText: member.username });
      await row.getByTestId('user-edit').click();
      // A new name alone asks nothing; a new role asks the code.
      expect(await page.getByTestId('user-code-input').count()).toBe(0);
      await page.getByTestId('user-role-finance').click();
      await page.getByTestId('user-code-input').waitFor();
      await page.getByTestId('user-dialog-save').click();
      await page.locator('.ant-form-item-explain-error').filter({ hasText: 'recovery code' }).waitFor();
      await page.getByTestId('user-code-input').fill(factor.recoveryCodes[3]!);
      const updated = page.waitForResponse((r) => r.url().endsWith('/api/users/update'));
      await page.getByTestId('user-dialog-save').click();
      const answer = await updated;
      expect(answer.status()).toBe(200);
      expect(answer.request().headers()['x-step-up']).toBeTruthy();
      await page.getByTestId('user-code-input').waitFor({ state: 'hidden' });
      await page.close();

      // The phone: a recovery code at login, then the role's new permissions ask another code.
      const phone = await open('phone');
      await loginPhone(phone, baseUrl, SELLER2);
      await phone.getByTestId('m-login-code').locator('input').fill(factor.recoveryCodes[4]!);
      await phone.getByTestId('m-login-code-submit').click();
      await expectPath(phone, '/m/shop');
      await phone.goto(`${baseUrl}/m/users?tab=roles`);
      await phone.getByTestId('m-role').filter({ hasText: roleName }).click();
      await phone.getByTestId('m-role-sheet').getByText('Edit', { exact: true }).click();
      await phone.getByTestId('m-role-form').waitFor();
      expect(await phone.getByTestId('m-role-code-input').count()).toBe(0);
      await phone.getByTestId('m-role-reports').getByText('View', { exact: true }).click();
      await phone.getByTestId('m-role-code-input').waitFor();
      await phone.getByTestId('m-role-code-input').locator('input').fill(factor.recoveryCodes[5]!);
      const saved = phone.waitForResponse((r) => r.url().endsWith('/api/users/roles/update'));
      await phone.getByTestId('m-role-form-submit').click();
      const roleAnswer = await saved;
      expect(roleAnswer.status()).toBe(200);
      expect(roleAnswer.request().headers()['x-step-up']).toBeTruthy();
      const roles = await api<{ list: { name: string; permissions: Record<string, string> }[] }>(baseUrl, 'GET', '/api/users/roles', { authToken: token });
      expect(roles.list.find((r) => r.name === roleName)?.permissions.reports).toBe('view');
      const members = await api<{ list: { username: string; roleId: number }[] }>(baseUrl, 'GET', `/api/users/list?keyword=${member.username}`, { authToken: token });
      expect(members.list[0]?.roleId).toBe(finance);
    } finally {
      await turnOff(factor.recoveryCodes);
    }
  });

  it('the owner requires it: a member without it is held on the enrol screen, and the API refuses them, until they turn it on', async () => {
    const member = await addShopUser(baseUrl, SELLER2);
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, SELLER2);
    await expectPath(page, '/dashboard');
    const factor = await enrol(page);
    try {
      const required = page.waitForResponse((r) => r.url().endsWith('/api/account/twoFactor/requirement'));
      await page.getByTestId('security-require').click();
      expect((await required).status()).toBe(200);
      await page.close();

      // The member's own session: refused everything but the enrolment.
      const { token } = await sellerSession(baseUrl, member.username, member.password);
      expect(await refusal('/api/product/list', token)).toBe('TWO_FACTOR_REQUIRED');
      expect(await refusal('/api/account/twoFactor', token)).toBeNull();

      const phone = await open('phone');
      await loginPhone(phone, baseUrl, member);
      await expectPath(phone, '/m/security');
      await phone.getByTestId('m-security-required').waitFor();
      // Another page sends them back.
      await phone.goto(`${baseUrl}/m/orders`);
      await expectPath(phone, '/m/security');
      await phone.getByTestId('m-security-enrol').click();
      const sheet = phone.getByTestId('m-security-code-sheet');
      const secret = ((await sheet.locator('code').textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      const { code } = await codeAfter(secret, 0);
      await phone.getByTestId('m-security-code').locator('input').fill(code);
      await phone.getByTestId('m-security-code-sheet-submit').click();
      await phone.getByTestId('m-security-codes').waitFor();
      await phone.getByTestId('m-security-codes-submit').click();
      await expect.poll(() => phone.getByTestId('m-security-required').count()).toBe(0);
      await phone.goto(`${baseUrl}/m/orders`);
      await expectPath(phone, '/m/orders');
      expect(await refusal('/api/product/list', token)).toBeNull();
    } finally {
      await turnOff(factor.recoveryCodes);
    }
  });
});

