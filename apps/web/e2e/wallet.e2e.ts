import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { ChunkReportEntry } from '../scripts/chunk-guard-plugin.ts';
import { pageOpener, showColumn } from './support/page.ts';
import { webDist } from './support/server.ts';
import { DEMO, expectPath, idleButton, loginDesktop, loginPhone } from './support/app.ts';
import { approveDeposit, centsOf, DEMO_FUND_PASSWORD, expectCents, pickSavedAddress, removeTinyPngs, TEST_WALLET_ADDRESS, toWithdrawalConfirm, writeTinyPng } from './support/wallet.ts';

const baseUrl = inject('baseUrl');

const open = pageOpener();

afterEach(() => {
  removeTinyPngs();
});

/** Waits until an element shows exactly `text` (forms and queries update asynchronously). */
async function expectText(locator: Locator, text: string): Promise<void> {
  await expect.poll(() => locator.textContent(), { timeout: 15_000 }).toBe(text);
}

describe('wallet on the desktop (1440×900)', () => {
  it('deposits with a screenshot, is credited once the operator approves, then withdraws with the fund password', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/wallet`);
    await page.getByTestId('payment-history-table').waitFor();
    const availableBefore = await centsOf(page, 'wallet-available');
    const frozenBefore = await centsOf(page, 'wallet-frozen');

    // Deposit 25 USDT with a PNG payment screenshot.
    await page.getByTestId('wallet-deposit').click();
    await page.getByTestId('deposit-qr').waitFor();
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toMatch(/\S{20,}/);
    await page.getByTestId('deposit-amount').fill('5');
    await page.getByTestId('deposit-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'The minimum is 10.00 USDT' }).waitFor();
    const screenshotMissing = page.locator('.ant-form-item-explain-error').filter({ hasText: 'Please upload the payment screenshot' });
    await screenshotMissing.waitFor();
    await page.getByTestId('deposit-amount').fill('25');
    await page.getByTestId('deposit-form').locator('input[type="file"]').setInputFiles(writeTinyPng());
    // The form has taken the file (listed, its error gone) before the dialog is submitted again.
    await page.getByTestId('deposit-form').locator('.ant-upload-list-item').getByText('payment-screenshot.png').waitFor();
    await screenshotMissing.waitFor({ state: 'detached' });
    const depositAnswer = page.waitForResponse((r) => r.url().endsWith('/api/wallet/deposit') && r.request().method() === 'POST');
    await page.getByTestId('deposit-submit').click();
    const deposit = (await (await depositAnswer).json()) as { code: number; data: { id: number; status: string; amountCents: number } };
    expect(deposit.code).toBe(0);
    expect(deposit.data).toMatchObject({ status: 'pending', amountCents: 2_500 });
    await page.getByTestId('deposit-form').waitFor({ state: 'detached' });
    await page.getByTestId('payment-history-table').locator('tbody tr.ant-table-row').first().getByText('Pending review').waitFor();
    expect(await centsOf(page, 'wallet-available')).toBe(availableBefore);

    // The platform approves it; the seller sees available go up by 25 and a deposit line in the funding records.
    await approveDeposit(baseUrl, deposit.data.id);
    await page.reload();
    await expectCents(page, 'wallet-available', availableBefore + 2_500);
    // Filtered to deposits: the demo carrier may settle an order (a newer line) meanwhile.
    await page.goto(`${baseUrl}/transactions?type=deposit`);
    const firstLine = page.getByTestId('transactions-table').locator('tbody tr.ant-table-row').first();
    await firstLine.waitFor();
    await expectText(firstLine.getByTestId('line-type'), 'Deposit');
    await expectText(firstLine.getByTestId('line-change'), '+25.00');
    // The voucher column is in the column chooser (off by default, so the table fits).
    await showColumn(page, 'transactions', 'voucherUrl', firstLine.getByTestId('voucher-link'));

    // Withdraw 100: the fee and the arrival amount show before confirming, and frozen goes up by 100.
    await page.goto(`${baseUrl}/wallet`);
    await expectCents(page, 'wallet-available', availableBefore + 2_500);
    await page.getByTestId('wallet-withdraw').click();
    await pickSavedAddress(page);
    await page.getByTestId('withdraw-amount').fill('100');
    await expectText(page.getByTestId('preview-fee'), '2.00 USDT');
    await expectText(page.getByTestId('preview-arrival'), '98.00 USDT');
    const fund = page.getByTestId('withdraw-fund-password');
    await fund.pressSequentially('13a57x9012');
    await expect(fund.inputValue()).resolves.toBe('135790');

    // A wrong fund password is refused with the server's message, in the dialog.
    await fund.fill('000000');
    await toWithdrawalConfirm(page);
    await expectText(page.getByTestId('confirm-arrival'), '98.00 USDT');
    await page.getByTestId('withdraw-confirm-submit').click();
    await page.locator('.ant-modal .ant-form-item-explain-error').filter({ hasText: /wrong|incorrect/i }).first().waitFor();
    await expect(fund.inputValue()).resolves.toBe('');
    expect(await centsOf(page, 'wallet-frozen')).toBe(frozenBefore);

    await fund.fill(DEMO_FUND_PASSWORD);
    await page.getByTestId('withdraw-next').click();
    await idleButton(page, 'withdraw-confirm-submit').click();
    await page.getByTestId('withdraw-done').waitFor();
    await expectText(page.getByTestId('done-arrival'), '98.00 USDT');
    await page.getByTestId('withdraw-done-close').click();
    await expectCents(page, 'wallet-frozen', frozenBefore + 10_000);
    await expectCents(page, 'wallet-available', availableBefore + 2_500 - 10_000);
    const newest = page.getByTestId('payment-history-table').locator('tbody tr.ant-table-row').first();
    await newest.getByText('Withdrawal', { exact: true }).waitFor();
    await expectText(newest.getByTestId('payment-history-arrival'), '98.00 USDT');
  });

  it('keeps the funding-record page, page size and filter in the URL, and exports the filtered rows', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/transactions?pageSize=10&page=2`);
    const table = page.getByTestId('transactions-table');
    await table.locator('.ant-pagination-item-active').filter({ hasText: '2' }).waitFor();
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(10);
    await table.locator('.ant-pagination-item-3').click();
    await expectPath(page, '/transactions?pageSize=10&page=3');
    const jumper = table.locator('.ant-pagination-options-quick-jumper input');
    await jumper.fill('5');
    await jumper.press('Enter');
    await expectPath(page, '/transactions?pageSize=10&page=5');
    await table.locator('.ant-pagination-item-active.ant-pagination-item-5').waitFor();
    await page.getByTestId('transactions-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Stock purchase' }).click();
    await expectPath(page, '/transactions?pageSize=10&type=purchase');
    await expect.poll(async () => [...new Set(await table.getByTestId('line-type').allTextContents())], { timeout: 15_000 }).toEqual(['Stock purchase']);
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(10);

    // The export holds the filtered rows of every page, downloaded with the session header.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const text = fs.readFileSync(file, 'utf8');
    // In the seller's language, opening in a spreadsheet (UTF-8 byte order mark first).
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Serial number,Change type,/);
    expect(lines.length - 1).toBeGreaterThan(10);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'Stock purchase')).toBe(true);
  });
});

describe('wallet on the phone (390×844)', () => {
  it('withdraws on /m/withdraw with the fee preview, and /m/payment-history lists it', async () => {
    const page = await open('phone');
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname.replace(/^\//, ''));
    });
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/finance`);
    const frozenBefore = await centsOf(page, 'm-wallet-frozen');
    await page.getByTestId('m-finance-withdraw').click();
    await expectPath(page, '/m/withdraw');
    const availableBefore = await centsOf(page, 'm-withdraw-available');

    await page.getByTestId('m-withdraw-address').getByText(TEST_WALLET_ADDRESS).click();
    await page.getByTestId('m-withdraw-amount').locator('input').fill('100');
    await expectText(page.getByTestId('m-preview-fee'), '2.00 USDT');
    await expectText(page.getByTestId('m-preview-arrival'), '98.00 USDT');
    await page.getByTestId('m-withdraw-fund-password').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-withdraw-submit').click();

    const confirm = page.getByTestId('m-withdraw-confirm');
    await confirm.waitFor();
    await expect.poll(() => confirm.textContent()).toContain('98.00 USDT');
    await page.locator('.adm-dialog-button').filter({ hasText: 'Confirm withdrawal' }).click();
    await page.getByTestId('m-withdraw-done').waitFor();
    await expectText(page.getByTestId('m-done-arrival'), '98.00 USDT');

    await page.getByTestId('m-withdraw-payment-history').click();
    await expectPath(page, '/m/payment-history');
    const newest = page.getByTestId('m-payment-history-line').first();
    await newest.waitFor();
    await expectText(newest.getByTestId('m-payment-history-kind'), 'Withdrawal');
    await expectText(newest.getByTestId('m-payment-history-amount'), '100.00 USDT');
    await expectText(newest.getByTestId('m-payment-history-arrival'), '98.00 USDT');
    await newest.getByText('Pending review').waitFor();

    await page.goto(`${baseUrl}/m/finance`);
    await expectCents(page, 'm-wallet-frozen', frozenBefore + 10_000);
    await expectCents(page, 'm-wallet-available', availableBefore - 10_000);

    // The wallet pages on the phone never pull in the desktop kit (or the chart library).
    const report = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/chunk-report.json'), 'utf8')) as ChunkReportEntry[];
    const loaded = report.filter((chunk) => scripts.has(chunk.file));
    expect(loaded.some((chunk) => chunk.modules.some((m) => m.endsWith('features/wallet/mobile/withdraw-form.tsx')))).toBe(true);
    const desktopKit = loaded.filter((chunk) => chunk.modules.some((m) => /node_modules\/(antd|@ant-design|echarts)\//.test(m)));
    expect(desktopKit.map((chunk) => chunk.file)).toEqual([]);
  });

  it('deposits from /m/finance with a screenshot, refusing a file of the wrong type', async () => {
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/finance`);
    await page.getByTestId('m-finance-deposit').click();
    await page.getByTestId('m-deposit-qr').waitFor();
    await page.getByTestId('m-deposit-amount').locator('input').fill('12.5');
    await page.getByTestId('m-deposit-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a screenshot') });
    await page.locator('.adm-toast-main').getByText('Only JPG, PNG or PDF files can be uploaded').waitFor();
    await page.getByTestId('m-deposit-file').setInputFiles(writeTinyPng());
    await page.locator('.m-screenshot-name').getByText('payment-screenshot.png').waitFor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/wallet/deposit') && r.request().method() === 'POST');
    await page.getByTestId('m-deposit-submit').click();
    const body = (await (await answer).json()) as { code: number; data: { amountCents: number; status: string } };
    expect(body).toMatchObject({ code: 0, data: { amountCents: 1_250, status: 'pending' } });
    await page.getByTestId('m-deposit-form').waitFor({ state: 'detached' });

    await page.getByTestId('m-finance-payment-history').click();
    await expectPath(page, '/m/payment-history');
    await page.getByTestId('m-payment-history-tab-deposit').click();
    await expectPath(page, '/m/payment-history?kind=deposit');
    const newest = page.getByTestId('m-payment-history-line').first();
    await expectText(newest.getByTestId('m-payment-history-amount'), '12.50 USDT');
    await newest.getByText('Pending review').waitFor();
  });
});
