import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { DEMO_FUND_PASSWORD, TEST_WALLET_ADDRESS, centsOf, operatorToken, pickSavedAddress, toWithdrawalConfirm } from './support/wallet.ts';
import { api, availableCents, orderDetail, placeOrder, sellerSession } from './support/orders.ts';

/**
 * The money actions behave the same on both devices (one hook per flow): the phone purchase sheet
 * warns about a short balance and handles a wrong fund password like the desktop dialog, and both
 * withdrawal forms offer only the saved addresses (a new one with blanks inside is refused).
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();

async function loggedInPhone(): Promise<Page> {
  const page = await open('phone');
  await loginPhone(page, baseUrl, DEMO);
  await expectPath(page, '/m/shop');
  return page;
}

const CHUNK_MAX_CENTS = 1_000_000;
const CHUNK_MIN_CENTS = 5_000;

/**
 * Freezes part of the demo shop's available balance with withdrawals (the operator rejects them
 * afterwards, which returns the money) so that at most `targetCents` stay available.
 */
async function holdBalanceBelow(token: string, targetCents: number): Promise<number[]> {
  const available = await availableCents(baseUrl, token);
  let hold = Math.max(available - targetCents, 0);
  if (hold === 0) return [];
  hold = Math.min(Math.max(hold, CHUNK_MIN_CENTS), available);
  const parts = Math.ceil(hold / CHUNK_MAX_CENTS);
  const ids: number[] = [];
  for (let i = 0; i < parts; i += 1) {
    const cents = i === parts - 1 ? hold - Math.floor(hold / parts) * (parts - 1) : Math.floor(hold / parts);
    const answer = await api<{ id: number }>(
      baseUrl,
      'POST',
      '/api/wallet/withdraw',
      { authToken: token, 'Idempotency-Key': crypto.randomUUID() },
      { method: 'crypto', network: 'TRC20', address: TEST_WALLET_ADDRESS, amount: (cents / 100).toFixed(2), fundPassword: Buffer.from(DEMO_FUND_PASSWORD).toString('base64') },
    );
    ids.push(answer.id);
  }
  return ids;
}

async function releaseHolds(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const token = await operatorToken(baseUrl);
  for (const id of ids) await api(baseUrl, 'POST', `/api/ops/withdrawals/${id}/reject`, { authToken: token }, { reason: 'e2e balance hold' });
}

describe('money actions on the phone (390×844)', () => {
  it('warns about a short balance in the purchase sheet before paying, with a way to recharge', async () => {
    const seller = await sellerSession(baseUrl);
    const { orderId, purchaseAmountCents } = await placeOrder(baseUrl, seller, 'buyer6');
    const holds = await holdBalanceBelow(seller.token, purchaseAmountCents - 1);
    try {
      expect(await availableCents(baseUrl, seller.token)).toBeLessThan(purchaseAmountCents);
      const page = await loggedInPhone();
      await page.goto(`${baseUrl}/m/order-detail?orderId=${orderId}`);
      await page.getByTestId('m-detail-purchase').click();
      await page.getByTestId('m-purchase-popup').waitFor();
      // The warning shows as soon as the balance is known, before any fund password is typed.
      const shown = { available: await centsOf(page, 'm-purchase-available'), total: await centsOf(page, 'm-purchase-total') };
      expect(shown.available, JSON.stringify(shown)).toBeLessThan(shown.total);
      await page.getByTestId('m-purchase-short').waitFor();
      await expect.poll(() => page.getByTestId('m-purchase-short').textContent()).toContain('Insufficient balance');
      await page.getByTestId('m-purchase-recharge').click();
      await expectPath(page, '/m/finance');
      expect((await orderDetail(baseUrl, seller.token, orderId)).awaitingPurchase).toBe(true);
    } finally {
      await releaseHolds(holds);
    }
  });

  it('keeps the purchase sheet open on a wrong fund password, shows the attempts left, then purchases', async () => {
    const seller = await sellerSession(baseUrl);
    const { orderId } = await placeOrder(baseUrl, seller, 'buyer6');
    const page = await loggedInPhone();
    await page.goto(`${baseUrl}/m/order-detail?orderId=${orderId}`);
    await page.getByTestId('m-detail-purchase').click();
    await page.getByTestId('m-purchase-popup').waitFor();
    await page.getByTestId('m-purchase-available').waitFor();
    expect(await page.getByTestId('m-purchase-short').count()).toBe(0);

    await page.getByTestId('m-purchase-passcode').click();
    await page.keyboard.type('000000');
    const error = page.getByTestId('m-purchase-fund-error');
    await error.waitFor();
    await expect.poll(() => error.textContent()).toMatch(/Wrong payment password\. \d+ attempts left/);
    // Nothing was purchased, the sheet stays open and the passcode is empty for a new try.
    expect((await orderDetail(baseUrl, seller.token, orderId)).awaitingPurchase).toBe(true);
    expect(await page.getByTestId('m-purchase-popup').isVisible()).toBe(true);
    await expect(page.getByTestId('m-purchase-passcode').locator('.adm-passcode-input-cell-filled').count()).resolves.toBe(0);

    // Like the desktop field, the refusal goes away once the seller types again.
    await page.getByTestId('m-purchase-passcode').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD.slice(0, 1));
    await expect.poll(() => page.getByTestId('m-purchase-fund-error').count()).toBe(0);
    await page.keyboard.type(DEMO_FUND_PASSWORD.slice(1));
    await page.getByTestId('m-purchase-popup').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('m-detail-purchase-status').textContent()).toBe('Purchased');
    expect((await orderDetail(baseUrl, seller.token, orderId)).purchaseStatus).toBe('purchased');
  });

  it('offers only the saved addresses, the one in its cool-down disabled, and asks for one before confirming', async () => {
    const page = await loggedInPhone();
    await page.goto(`${baseUrl}/m/withdraw`);
    await page.getByTestId('m-withdraw-available').waitFor();
    const choice = page.getByTestId('m-withdraw-address');
    await choice.getByText(TEST_WALLET_ADDRESS).waitFor();
    await page.getByTestId('m-withdraw-amount').locator('input').fill('100');
    await page.getByTestId('m-withdraw-fund-password').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-withdraw-submit').click();
    await page.locator('.adm-form-item-feedback-error').first().waitFor();
    expect(await page.getByTestId('m-withdraw-confirm').count()).toBe(0);
    // The seed's BEP20 address was saved an hour ago: shown, not choosable.
    await page.getByTestId('m-withdraw-network').getByText('BEP20').click();
    await expect.poll(() => choice.locator('.adm-selector-item-disabled').count()).toBe(1);
  });
});

describe('money actions on the desktop (1440×900)', () => {
  it('refuses a new withdrawal address with blanks inside it, and the withdrawal form offers only saved ones', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/account/security`);
    await page.getByTestId('security-add-address').click();
    await page.getByTestId('security-address').fill('TXe2e Wallet Address 0000000001');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'without spaces' }).waitFor();
    await page.goto(`${baseUrl}/wallet`);
    await page.getByTestId('wallet-withdraw').click();
    await pickSavedAddress(page);
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-fund-password').fill(DEMO_FUND_PASSWORD);
    await toWithdrawalConfirm(page);
    await expect.poll(() => page.getByTestId('confirm-address').textContent()).toContain(TEST_WALLET_ADDRESS);
  });
});
