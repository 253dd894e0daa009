import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';
import { DEMO_FUND_PASSWORD, TEST_WALLET_ADDRESS } from './support/wallet.ts';

/**
 * The funding records show every field of SPEC §3's wallet record (change type, amount before,
 * change, amount after, time, order id, serial number, remark, voucher, status), and a
 * withdrawal's line its fee and the amount that arrives: the desktop table, the phone's lines and
 * the CSV export.
 */

const baseUrl = inject('baseUrl');
const open = pageOpener();

/** A withdrawal through the API of a whole amount told apart from the others (2% fee, exact in cents). */
async function withdrawal(): Promise<{ amount: string; fee: string; arrival: string }> {
  const seller = await sellerSession(baseUrl);
  const whole = 60 + Math.floor(Math.random() * 39);
  const feeCents = whole * 2;
  await api(baseUrl, 'POST', '/api/wallet/withdraw', { authToken: seller.token, 'Idempotency-Key': randomUUID() }, {
    method: 'crypto',
    network: 'TRC20',
    address: TEST_WALLET_ADDRESS,
    amount: `${whole}.00`,
    fundPassword: encodePassword(DEMO_FUND_PASSWORD),
  });
  const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return { amount: `${whole}.00`, fee: decimal(feeCents), arrival: decimal(whole * 100 - feeCents) };
}

async function headers(page: Page): Promise<string[]> {
  return (await page.getByTestId('transactions-table').locator('thead th').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

describe('funding records: every field of the wallet record, and a withdrawal\'s fee and arrival', () => {
  it('desktop: the columns are all there, the withdrawal\'s line shows its fee and arrival, and so does the CSV', async () => {
    const made = await withdrawal();
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/transactions?type=withdraw_apply`);
    const row = page.getByTestId('transactions-table').locator('tbody tr.ant-table-row').filter({ has: page.getByTestId('line-change').filter({ hasText: made.amount }) }).first();
    await row.waitFor();
    expect(await headers(page)).toEqual(['Change type', 'Amount before', 'Change', 'Amount after', 'Fee', 'Arrival amount', 'Time', 'Order ID', 'Serial number', 'Remark', 'Voucher', 'Status']);
    expect(await row.getByTestId('line-fee').textContent()).toContain(made.fee);
    expect(await row.getByTestId('line-arrival').textContent()).toContain(made.arrival);
    const serial = (await row.locator('td').nth(8).textContent())?.trim() ?? '';
    expect(serial).toMatch(/^LE\d{10}$/);

    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const text = fs.readFileSync(await (await download).path(), 'utf8').slice(1).trim();
    const [head, ...lines] = text.split(/\r?\n/).map((line) => line.split(','));
    expect(head).toEqual(['Serial number', 'Change type', 'Amount before', 'Change', 'Amount after', 'Fee', 'Arrival amount', 'Time', 'Order ID', 'Remark', 'Status']);
    const line = lines.find((cells) => cells[0] === serial);
    expect(line?.slice(3, 7)).toEqual([`-${made.amount}`, expect.any(String), made.fee, made.arrival]);
    // Lines of other kinds have no fee or arrival.
    expect(lines.every((cells) => cells[1] === 'Withdrawal applied')).toBe(true);
  });

  it('phone: each line shows the amount before, and the withdrawal\'s line its fee and arrival', async () => {
    const made = await withdrawal();
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/transactions?type=withdraw_apply`);
    const line = page.getByTestId('m-line').filter({ has: page.getByTestId('m-line-change').filter({ hasText: made.amount }) }).first();
    await line.waitFor();
    expect(await line.getByTestId('m-line-before').textContent()).toMatch(/^Amount before: [\d,]+\.\d\d/);
    const withdrawalText = (await line.getByTestId('m-line-withdrawal').textContent()) ?? '';
    expect(withdrawalText).toContain(`Fee: ${made.fee}`);
    expect(withdrawalText).toContain(`Arrival amount: ${made.arrival}`);

    await page.goto(`${baseUrl}/m/transactions?type=deposit`);
    await page.getByTestId('m-line').first().waitFor();
    expect(await page.getByTestId('m-line-before').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('m-line-withdrawal').count()).toBe(0);
  });
});
