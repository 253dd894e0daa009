import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate as generateTotp } from 'otplib';
import { DEMO as DEMO_KEYS, TWO_FACTOR } from '@shopdesk/shared/constants';
import { withConsoleSession } from './support/ops.ts';
import { pageOpener, chooseDesktopLanguage } from './support/page.ts';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { apiCall, sellerLogin } from './support/rewards.ts';
import { DEMO_FUND_PASSWORD, OPERATOR, operatorToken, TEST_WALLET_ADDRESS } from './support/wallet.ts';

/**
 * The operator console at 1440×900: the demo operator signs in with the demo authenticator key,
 * decides a seller's deposit (after opening its screenshot) and a withdrawal (with the payout hash
 * the seller then sees); a finance operator enrols the second factor at first login and sees the
 * finance pages only. Screenshots of each console page go to SCREENSHOT_DIR when it is set.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A TOTP code for `secret`, `ahead` steps after now (the server accepts one step of drift). */
const codeFor = (secret: string, ahead = 0) => generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * TWO_FACTOR.PERIOD_SECONDS });

/**
 * Signs in at /ops/login with the password, then the authenticator's code. Other tests spend the
 * demo operator's codes too (each time step is good once, and only steps after the last one used):
 * a refused code is followed by the next step's, and once both are spent, by those of the next period.
 */
async function signInWithCode(page: Page, user: { username: string; password: string }, secret: string): Promise<void> {
  await page.goto(`${baseUrl}/ops`);
  await page.getByTestId('ops-username').fill(user.username);
  await page.getByTestId('ops-password').fill(user.password);
  await page.getByTestId('ops-login-submit').click();
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt === 2) await new Promise((resolve) => setTimeout(resolve, TWO_FACTOR.PERIOD_SECONDS * 1000 - (Date.now() % (TWO_FACTOR.PERIOD_SECONDS * 1000)) + 500));
    await page.getByTestId('ops-code').fill(await codeFor(secret, attempt % 2));
    await page.getByTestId('ops-code-submit').click();
    // A second try first waits for the last refusal to go, so it reads its own answer.
    if (attempt > 0) await page.getByTestId('ops-code-error').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    const outcome = await Promise.race([
      page.getByTestId('ops-layout').waitFor({ timeout: 15_000 }).then(() => 'in' as const),
      page.getByTestId('ops-code-error').waitFor({ timeout: 15_000 }).then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
  }
  throw new Error('every operator code was refused');
}

async function newDeposit(token: string, units: string): Promise<number> {
  const form = new FormData();
  form.set('network', 'TRC20');
  form.set('amount', units);
  form.set('screenshot', new Blob([TINY_PNG], { type: 'image/png' }), 'paid.png');
  return (await apiCall<{ id: number }>(baseUrl, 'POST', '/wallet/deposit', token, form)).id;
}

describe('operator console (1440×900)', () => {
  it('the demo operator signs in with the demo key, opens a deposit’s screenshot and approves it; the seller’s balance grows by it', async () => {
    const seller = await sellerLogin(baseUrl, DEMO);
    const depositId = await newDeposit(seller.token, '37.25');
    const page = await open('desktop');
    await page.goto(`${baseUrl}/ops/deposits`);
    // No operator session: the console's own login page, not the seller's.
    await page.waitForURL(/\/ops\/login\?next=/);
    await shot(page, 'ops-login-en-US');
    await signInWithCode(page, OPERATOR, DEMO_KEYS.OPERATOR_TOTP_SECRET);
    await page.waitForURL(/\/ops\/deposits$/);
    await expect.poll(() => page.getByTestId('ops-role').textContent()).toBe('Super admin');
    // Pending deposits come oldest first; this one is among them with its amount and screenshot.
    await page.getByTestId(`ops-amount-${depositId}`).waitFor();
    expect(await page.getByTestId(`ops-amount-${depositId}`).textContent()).toContain('37.25');
    const thumb = page.getByTestId(`ops-screenshot-${depositId}`);
    await thumb.waitFor();
    await thumb.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await shot(page, 'ops-deposit-screenshot-en-US');
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').waitFor({ state: 'detached' });
    await shot(page, 'ops-deposits-en-US');

    await page.getByTestId(`ops-approve-${depositId}`).click();
    await page.getByTestId('ops-decision-summary').waitFor();
    expect(await page.getByTestId('ops-decision-summary').textContent()).toContain(`#${seller.shopId}`);
    await page.getByTestId('ops-decision-ok').click();
    await page.getByTestId(`ops-amount-${depositId}`).waitFor({ state: 'detached' });

    // The shop's statement holds the credit, 37.25 on top of the balance before it.
    const lines = await apiCall<{ list: { type: string; changeCents: number; balanceBeforeCents: number; balanceAfterCents: number; voucherUrl: string | null }[] }>(baseUrl, 'GET', '/wallet/transactions?type=deposit&pageSize=50', seller.token);
    const credit = lines.list.find((l) => l.voucherUrl?.includes(`/deposits/${depositId}/`));
    expect(credit).toMatchObject({ changeCents: 3725 });
    expect(credit!.balanceAfterCents - credit!.balanceBeforeCents).toBe(3725);
    // The seller's wallet shows the balance the server now answers.
    const sellerPage = await page.context().newPage();
    await loginDesktop(sellerPage, baseUrl, DEMO);
    await expectPath(sellerPage, '/dashboard');
    await sellerPage.goto(`${baseUrl}/wallet`);
    const available = sellerPage.getByTestId('wallet-available');
    await available.waitFor();
    const summary = await apiCall<{ availableCents: number }>(baseUrl, 'GET', '/wallet/summary', seller.token);
    await expect.poll(async () => Number(await available.getAttribute('data-cents'))).toBe(summary.availableCents);

    // The audit trail lists the decision with the operator's name.
    await page.getByTestId('ops-menu-audit').click();
    await page.getByTestId('ops-audit-table').waitFor();
    await expect.poll(() => page.getByTestId('ops-audit-table').textContent()).toContain(`deposit #${depositId}`);
    await shot(page, 'ops-audit-en-US');
  });

  it('completing a withdrawal asks for the payout hash, which the seller then sees on the record', async () => {
    const seller = await sellerLogin(baseUrl, DEMO);
    const withdrawal = await apiCall<{ id: number }>(baseUrl, 'POST', '/wallet/withdraw', seller.token, {
      method: 'crypto',
      network: 'TRC20',
      address: TEST_WALLET_ADDRESS,
      amount: '51.00',
      fundPassword: Buffer.from(DEMO_FUND_PASSWORD).toString('base64'),
    });
    const token = await operatorToken(baseUrl);
    await apiCall(baseUrl, 'POST', `/ops/withdrawals/${withdrawal.id}/approve`, token, {});
    // Signed in as the console's login leaves it (the first test signs in through the page).
    const page = await withConsoleSession(await open('desktop'), token);
    await page.goto(`${baseUrl}/ops/withdrawals?status=approved`);
    // The hash is required and checked before anything is sent. Under load a click on the dialog's
    // button while it still zooms in can be lost, or land on the mask and close it: open it again then
    // (a refused confirmation sends nothing, so clicking again changes nothing).
    const hashField = page.getByTestId('ops-decision-txhash');
    await expect
      .poll(
        async () => {
          if (!(await hashField.isVisible())) await page.getByTestId(`ops-complete-${withdrawal.id}`).click();
          await page.getByTestId('ops-decision-ok').click();
          return page.locator('.ant-form-item-explain-error').first().waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const hash = `0x${Date.now().toString(16)}e2e${'ab'.repeat(20)}`;
    await page.getByTestId('ops-decision-txhash').fill(hash);
    await shot(page, 'ops-withdrawal-complete-en-US');
    await page.getByTestId('ops-decision-ok').click();
    await page.getByTestId(`ops-complete-${withdrawal.id}`).waitFor({ state: 'detached' });
    await page.getByTestId('ops-status-completed').click();
    await page.getByTestId(`ops-txhash-${withdrawal.id}`).waitFor();
    await shot(page, 'ops-withdrawals-en-US');

    const sellerPage = await page.context().newPage();
    await loginDesktop(sellerPage, baseUrl, DEMO);
    await expectPath(sellerPage, '/dashboard');
    await sellerPage.goto(`${baseUrl}/wallet`);
    await expect.poll(() => sellerPage.getByTestId('payment-history-tx-hash').allTextContents(), { timeout: 20_000 }).toContain(hash);
  });

  it('a finance operator enrols the second factor at first login and sees the finance pages only, in Vietnamese too', async () => {
    const admin = await operatorToken(baseUrl);
    const finance = { username: `fin${Date.now().toString(36)}`, password: 'Finance#2026ops' };
    await apiCall(baseUrl, 'POST', '/ops/operators', admin, { username: finance.username, password: Buffer.from(finance.password).toString('base64'), name: 'Finance desk', opsRole: 'finance' });
    const page = await open('desktop');
    await page.goto(`${baseUrl}/ops/login`);
    await page.getByTestId('ops-username').fill(finance.username);
    await page.getByTestId('ops-password').fill(finance.password);
    await page.getByTestId('ops-login-submit').click();
    // First login: the QR code and the key to type in, then a first code.
    await page.getByTestId('ops-qr').waitFor();
    const secret = (await page.getByTestId('ops-secret').textContent())!.trim();
    await shot(page, 'ops-enrol-en-US');
    await page.getByTestId('ops-code').fill(await codeFor(secret));
    await page.getByTestId('ops-code-submit').click();
    const codes = page.getByTestId('ops-recovery-codes');
    await codes.waitFor();
    expect((await codes.locator('span').allTextContents()).length).toBe(10);
    await page.getByTestId('ops-recovery-continue').click();
    await page.getByTestId('ops-layout').waitFor();
    expect(await page.getByTestId('ops-role').textContent()).toBe('Finance');
    const menu = async () => (await page.locator('[data-testid^="ops-menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))));
    // The money pages, and the shops, buyers and settings that finance may read; not the support desk's appeals and requests.
    expect(await menu()).toEqual(['ops-menu-deposits', 'ops-menu-withdrawals', 'ops-menu-buyerDeposits', 'ops-menu-money', 'ops-menu-shops', 'ops-menu-buyers', 'ops-menu-settings', 'ops-menu-audit']);
    // No catalog page opens for finance, typed in or not.
    for (const path of ['warehouse', 'packages', 'coupons', 'operators']) {
      await page.goto(`${baseUrl}/ops/${path}`);
      await page.locator('[data-testid="ops-forbidden"], [data-testid="ops-not-found"]').first().waitFor();
    }
    await page.goto(`${baseUrl}/ops/withdrawals`);
    await page.getByTestId('ops-page-withdrawals').waitFor();
    await chooseDesktopLanguage(page, 'vi-VN');
    await expect.poll(() => page.getByTestId('ops-role').textContent()).toBe('Tài chính');
    await shot(page, 'ops-withdrawals-vi-VN');
    await page.goto(`${baseUrl}/ops/deposits`);
    await page.getByTestId('ops-page-deposits').waitFor();
    await shot(page, 'ops-deposits-vi-VN');
    await page.goto(`${baseUrl}/ops/audit`);
    await page.getByTestId('ops-page-audit').waitFor();
    await shot(page, 'ops-audit-vi-VN');
    await page.getByTestId('ops-sign-out').click();
    await page.waitForURL(/\/ops\/login$/);
    await shot(page, 'ops-login-vi-VN');
  });
});
