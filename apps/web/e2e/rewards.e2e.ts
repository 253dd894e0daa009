import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, SELLER2, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { apiCall, approvedTopUp, sellerLogin } from './support/rewards.ts';

/**
 * Reward activities in the browser: reach a VIP tier through an approved deposit and
 * claim its bonus, on the desktop and the phone; A links to B, B agrees from the notification.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();

interface Envelope<T> {
  code: number;
  data: T;
}

const api = <T>(method: 'GET' | 'POST', pathName: string, token: string | null, body?: unknown) => apiCall<T>(baseUrl, method, pathName, token, body);

async function sellerToken(user: { username: string; password: string }) {
  const data = await sellerLogin(baseUrl, user);
  return { token: data.token, shop: { shopId: data.shopId, shopName: data.shopName } };
}

/** Tops the seller up to its next VIP level through a deposit the operator approves; answers the level reached. */
async function topUpToNextLevel(user: { username: string; password: string }): Promise<number> {
  const { token } = await sellerToken(user);
  const level = await api<{ level: number; topUpCents: number; nextLevelTopUpCents: number | null }>('GET', '/systemSettings/getUserLevel', token);
  if (level.nextLevelTopUpCents === null) throw new Error('already at the top level');
  await approvedTopUp(baseUrl, token, Math.max(10, Math.ceil((level.nextLevelTopUpCents - level.topUpCents) / 100)));
  const after = await api<{ level: number }>('GET', '/systemSettings/getUserLevel', token);
  expect(after.level).toBeGreaterThan(level.level);
  return after.level;
}

async function stateOf(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).first().getAttribute('data-state');
}

describe('shop upgrade (VIP) bonus', () => {
  it('desktop: an approved deposit reaches the next level, the header follows, and its bonus is claimed into the balance', async () => {
    const level = await topUpToNextLevel(DEMO);
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/marketing/vip-activity`);
    await page.getByTestId('vip-tiers').waitFor();
    // Every amount of the table says its currency, the bonuses as the thresholds.
    expect(await page.getByTestId('vip-tiers').locator('.reward-bonus').first().textContent()).toMatch(/\d USDT$/);
    await page.getByTestId('vip-tag').filter({ hasText: `VIP ${level}` }).waitFor();
    expect(await stateOf(page, `vip-state-${level}`)).toBe('claimable');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/systemSettings/getReward'));
    await page.getByTestId(`claim-vip-${level}`).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Claim' }).click();
    const response = await answer;
    expect(response.request().headers()['idempotency-key']).toBeTruthy();
    const body = (await response.json()) as Envelope<{ amountCents: number; state: string }>;
    expect(body.data.state).toBe('received');
    await expect.poll(() => stateOf(page, `vip-state-${level}`), { timeout: 15_000 }).toBe('received');

    // The statement shows the bonus as a reward line.
    await page.goto(`${baseUrl}/transactions?type=reward`);
    const firstLine = page.getByTestId('transactions-table').locator('tbody tr.ant-table-row').first();
    await firstLine.waitFor();
    expect(await firstLine.textContent()).toContain((body.data.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    // Its remark is in the reader's words (stored as the code "vip tier N"), in every language.
    expect(await firstLine.getByTestId('line-remark').textContent()).toBe(`VIP ${level} bonus`);
    await page.evaluate(() => localStorage.setItem('language', 'vi-VN'));
    await page.reload();
    await page.getByTestId('transactions-table').locator('tbody tr.ant-table-row').first().getByTestId('line-remark').filter({ hasText: `Thưởng VIP ${level}` }).waitFor();
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  });

  it('phone: the level page shows the bonus as claimable after the approved deposit, and claiming it raises the balance', async () => {
    const level = await topUpToNextLevel(SELLER2);
    const { token } = await sellerToken(SELLER2);
    const before = await api<{ availableCents: number }>('GET', '/wallet/summary', token);
    const page = await open('phone');
    await loginPhone(page, baseUrl, SELLER2);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/vip-activity`);
    await page.getByTestId('m-vip-tiers').waitFor();
    expect(await page.getByTestId('m-vip-tiers').locator('.m-reward-tier-bonus').first().textContent()).toMatch(/\d USDT$/);
    expect(await page.getByTestId('m-vip-level').getAttribute('data-level')).toBe(String(level));
    expect(await stateOf(page, `m-vip-state-${level}`)).toBe('claimable');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/systemSettings/getReward'));
    await page.getByTestId(`m-claim-vip-${level}`).click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Claim' }).click();
    const body = (await (await answer).json()) as Envelope<{ amountCents: number }>;
    await expect.poll(() => stateOf(page, `m-vip-state-${level}`), { timeout: 15_000 }).toBe('received');
    const after = await api<{ availableCents: number }>('GET', '/wallet/summary', token);
    expect(after.availableCents - before.availableCents).toBeGreaterThanOrEqual(body.data.amountCents);
    // The activity centre lists no VIP bonus of this level any more.
    await page.goto(`${baseUrl}/m/activity-center`);
    await page.getByTestId('m-centre-claimable').waitFor();
    expect(await page.getByTestId(`m-claim-vip-${level}`).count()).toBe(0);
  });
});

describe('couple linking', () => {
  it('A (desktop) applies to B; B (phone) opens the notification, agrees on the activity page; both see the link', async () => {
    const b = await sellerToken(SELLER2);
    const a = await sellerToken(DEMO);

    let page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/marketing/activity`);
    await page.getByTestId('activity-centre').waitFor();
    await page.getByTestId('couple-shop-id').fill(String(b.shop.shopId));
    await page.getByTestId('couple-apply').click();
    // A link can never be undone: the request goes out only once confirmed.
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`shop ID ${b.shop.shopId}`, { exact: false }).waitFor();
    expect(await page.getByTestId('couple-awaiting').count()).toBe(0);
    await confirm.locator('.ant-btn-primary').click();
    await page.getByTestId('couple-awaiting').waitFor();
    expect(await page.getByTestId('couple-awaiting').textContent()).toContain(b.shop.shopName);

    page = await open('phone');
    await loginPhone(page, baseUrl, SELLER2);
    await expectPath(page, '/m/shop');
    await page.getByTestId('m-bell').click();
    const drawer = page.getByTestId('m-drawer');
    await drawer.getByTestId('m-notification-item').filter({ hasText: 'Couple request' }).first().click();
    await expectPath(page, '/m/activity');
    const agree = page.getByTestId('m-couple-incoming').locator('[data-testid^="m-couple-agree-"]').first();
    await agree.waitFor();
    await agree.click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Agree' }).click();
    await page.getByTestId('m-couple-linked').waitFor();
    expect(await page.getByTestId('m-couple-partner').textContent()).toBe(a.shop.shopName);

    page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/marketing/activity`);
    await page.getByTestId('couple-linked').waitFor();
    expect(await page.getByTestId('couple-partner').textContent()).toBe(b.shop.shopName);
    expect(await page.getByTestId('centre-couple').textContent()).toContain(b.shop.shopName);
  });
});
