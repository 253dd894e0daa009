import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MarketplaceSettingsAnswer } from '@shopdesk/shared/ops/catalog';
import { chooseDesktopLanguage, clickUntilShown, pageOpener } from './support/page.ts';
import { expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { apiCall } from './support/rewards.ts';
import { operatorToken } from './support/wallet.ts';
import { withConsoleSession } from './support/ops.ts';

/**
 * The console's shops, appeals, account requests and settings at 1440×900: a shop registered from
 * the login page is approved in the console, frozen with a reason; its seller reads the reason under
 * the wallet's frozen notice and appeals; the operator finds the appeal and unfreezes the shop with
 * an answer. A settings change is listed with the operator's name in the settings' audit trail.
 * Screenshots of each page go to SCREENSHOT_DIR when it is set.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A console page with the demo operator (a super admin) already signed in. */
async function consolePage(device: 'desktop' | 'phone' = 'desktop'): Promise<Page> {
  const token = await operatorToken(baseUrl);
  return withConsoleSession(await open(device), token);
}

/** Confirms the console's decision dialog, with a reason when given. */
async function confirmDecision(page: Page, reason?: string): Promise<void> {
  const ok = page.getByTestId('ops-decision-ok');
  await ok.waitFor();
  if (reason !== undefined) await page.getByTestId('ops-decision-reason').fill(reason);
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

describe('the console shops, appeals and settings (1440×900)', () => {
  it('approves a registered shop, freezes it with a reason; the seller reads it and appeals; the operator answers and unfreezes it', async () => {
    const stamp = Date.now() % 1_000_000;
    const seller = { username: `frz${stamp}`, password: 'Frozen-corner-2931!' };
    const shopName = `Frozen Corner ${stamp}`;
    const { shopId } = await apiCall<{ shopId: number }>(baseUrl, 'POST', '/sellAuth/register', null, { username: seller.username, password: Buffer.from(seller.password).toString('base64'), shopName });

    // The registration waits in the account requests; approving asks for confirmation first.
    const ops = await consolePage();
    await ops.goto(`${baseUrl}/ops/requests?kind=registrations`);
    await ops.getByTestId(`ops-approve-${shopId}`).click();
    await confirmDecision(ops);
    await ops.getByTestId(`ops-approve-${shopId}`).waitFor({ state: 'detached' });
    await shot(ops, 'ops-requests-en-US');

    // Found by name in the shops, frozen with a reason from its page.
    await ops.goto(`${baseUrl}/ops/shops`);
    await ops.getByTestId('ops-shops-table').waitFor();
    await shot(ops, 'ops-shops-en-US');
    await ops.getByTestId('ops-shops-search').locator('input').fill(shopName);
    await ops.getByTestId('ops-shops-search').locator('input').press('Enter');
    await ops.getByTestId(`ops-shop-open-${shopId}`).click();
    await expectPath(ops, `/ops/shops/${shopId}`);
    await ops.getByTestId('ops-shop-freeze').click();
    // No reason: the dialog says one is needed and nothing is frozen.
    await ops.getByTestId('ops-decision-ok').click();
    await ops.getByText('Give a reason: the seller reads it').waitFor();
    const reason = `Payment proof under review ${stamp}`;
    await confirmDecision(ops, reason);
    await expect.poll(() => ops.getByTestId('ops-shop-frozen-reason').textContent()).toContain(reason);
    await ops.getByTestId('ops-shop-audit-table').getByText('Frozen', { exact: true }).waitFor();
    await shot(ops, 'ops-shop-en-US');

    // The seller reads the reason under the wallet's frozen notice and appeals.
    const desk = await open('desktop');
    await loginDesktop(desk, baseUrl, seller);
    await desk.waitForURL((url) => !url.pathname.endsWith('/login'));
    await desk.goto(`${baseUrl}/wallet`);
    await expect.poll(() => desk.getByTestId('wallet-frozen-reason').textContent()).toContain(reason);
    await desk.getByTestId('wallet-appeal-send').click();
    await desk.getByTestId('wallet-appeal-error').waitFor();
    const appealText = `We sent the proof by email on ${stamp}`;
    await desk.getByTestId('wallet-appeal-text').fill(appealText);
    await desk.getByTestId('wallet-appeal-send').click();
    await expect.poll(() => desk.getByTestId('wallet-appeal-status').textContent()).toContain('waiting for an answer');
    expect(await desk.getByTestId('wallet-appeal-send').count()).toBe(0);
    await shot(desk, 'seller-wallet-appeal-en-US');

    // The phone shows the same state under its notice.
    const phone = await open('phone');
    await loginPhone(phone, baseUrl, seller);
    await phone.waitForURL((url) => !url.pathname.endsWith('/login'));
    await phone.goto(`${baseUrl}/m/finance`);
    await expect.poll(() => phone.getByTestId('m-wallet-appeal-status').textContent()).toContain('waiting for an answer');
    await shot(phone, 'seller-phone-appeal-en-US');

    // The operator sees the appeal in the queue and unfreezes the shop with an answer.
    const ops2 = await consolePage();
    await ops2.goto(`${baseUrl}/ops/appeals`);
    const row = ops2.locator('.ant-table-row', { hasText: appealText });
    await row.waitFor();
    const appealId = Number(await row.getAttribute('data-row-key'));
    await shot(ops2, 'ops-appeals-en-US');
    await ops2.getByTestId(`ops-appeal-unfreeze-${appealId}`).click();
    await confirmDecision(ops2, 'Proof received, thank you');
    await row.waitFor({ state: 'detached' });
    await ops2.goto(`${baseUrl}/ops/shops/${shopId}`);
    await ops2.getByTestId('ops-shop-freeze').waitFor();
    expect(await ops2.getByTestId('ops-shop-appeals').textContent()).toContain('Proof received, thank you');

    const token = (await apiCall<{ token: string }>(baseUrl, 'POST', '/sellAuth/login', null, { username: seller.username, password: Buffer.from(seller.password).toString('base64') })).token;
    expect(await apiCall<{ frozen: boolean }>(baseUrl, 'GET', '/shop/appeal', token)).toMatchObject({ frozen: false, appeal: { status: 'answered', answer: 'Proof received, thank you' } });
  });

  it('a settings change is confirmed, then listed with the operator and the before and after in the audit trail', async () => {
    const token = await operatorToken(baseUrl);
    const original = await apiCall<MarketplaceSettingsAnswer>(baseUrl, 'GET', '/ops/settings', token);
    const address = `ConsoleErc${Date.now()}`;
    const page = await consolePage();
    try {
      await page.goto(`${baseUrl}/ops/settings`);
      await page.getByTestId('ops-settings-address-ERC20').fill(address);
      await page.getByTestId('ops-settings-save').click();
      await expect.poll(() => page.getByTestId('ops-settings-changes').textContent()).toContain(address);
      await clickUntilShown(page.getByTestId('ops-settings-confirm'), page.getByText('Settings saved'));
      const history = page.getByTestId('ops-settings-history-table');
      await history.getByText(address).first().waitFor();
      expect(await history.locator('.ant-table-row').first().textContent()).toContain(original.settings.depositAddresses.ERC20 ?? '');
      await shot(page, 'ops-settings-en-US');

      // The same change in the whole trail.
      await page.goto(`${baseUrl}/ops/audit?action=settings.update`);
      await page.getByTestId('ops-audit-table').getByText(address).first().waitFor();

      await page.goto(`${baseUrl}/ops/operators`);
      await page.getByTestId('ops-operators-table').waitFor();
      await shot(page, 'ops-operators-en-US');
      await page.goto(`${baseUrl}/ops/money`);
      await page.getByTestId('money-account-platform:deposits_clearing').waitFor();
      expect(await page.getByTestId('money-account-platform:deposits_clearing').textContent()).toBe('Deposits clearing');
      await chooseDesktopLanguage(page, 'vi-VN');
      await expect.poll(() => page.getByTestId('money-account-platform:deposits_clearing').textContent()).toBe('Thanh toán bù trừ nạp tiền');
      await page.goto(`${baseUrl}/ops/settings`);
      await page.getByTestId('ops-settings-history-table').waitFor();
      await shot(page, 'ops-settings-vi-VN');
    } finally {
      // Other tests read the marketplace's settings: they get back what they had.
      const { settings } = original;
      await apiCall(baseUrl, 'POST', '/ops/settings', token, settings);
    }
  });
});
