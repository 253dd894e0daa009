import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageOpener } from './support/page.ts';
import { expectPath, loginDesktop, loginPhone, SELLER2 } from './support/app.ts';
import { api, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

interface ShopInfo {
  shopName: string;
  whatsapp: string;
  zalo: string;
  facebook: string;
}

let token = '';
let original: ShopInfo | null = null;
const shopInfo = () => api<ShopInfo>(baseUrl, 'GET', '/api/shop/info', { authToken: token });

// The second seller's shop, put back as it was: other tests read the demo shop's name.
beforeAll(async () => {
  token = (await sellerSession(baseUrl, SELLER2.username, SELLER2.password)).token;
  original = await shopInfo();
});
afterAll(async () => {
  if (original) await api(baseUrl, 'POST', '/api/shop/update', { authToken: token }, original);
});

const EMOJI = '🇵🇭✨';
/** 48 letters and a flag and a sparkle: 50 characters as a person counts them, 54 UTF-16 units. */
const FULL = `${'N'.repeat(48)}${EMOJI}`;

describe('a shop name pasted with emoji', () => {
  it('is counted and kept in whole characters on the desktop (1440×900): 50 with a flag fit, a longer paste is cut between characters', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, SELLER2);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/settings/shop`);
    const name = page.getByTestId('shop-name-input');
    await name.waitFor();
    // A paste, as the browser inserts it (a length limit in UTF-16 units cut it inside the flag).
    await name.fill('');
    await name.focus();
    await page.keyboard.insertText(FULL);
    await expect.poll(() => name.inputValue()).toBe(FULL);
    await expect.poll(() => page.locator('.ant-input-show-count-suffix, .ant-input-data-count').first().textContent()).toBe('50 / 50');
    await page.getByTestId('shop-settings-save').click();
    await expect.poll(() => page.getByTestId('shop-name').textContent(), { timeout: 15_000 }).toBe(FULL);
    expect((await shopInfo()).shopName).toBe(FULL);

    // One more letter in front: the paste keeps the flag whole and drops the sparkle.
    await name.fill('');
    await name.focus();
    await page.keyboard.insertText(`N${FULL}`);
    await expect.poll(() => name.inputValue()).toBe(`${'N'.repeat(49)}🇵🇭`);
  });

  it('saves "🇵🇭✨" whole on the phone (390×844), and a long paste keeps whole characters', async () => {
    const page = await open('phone');
    await loginPhone(page, baseUrl, SELLER2);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/user-info`);
    const name = page.getByTestId('m-shop-name-input').locator('input');
    await name.waitFor();
    await name.fill('');
    await name.focus();
    await page.keyboard.insertText(`N${FULL}`);
    await expect.poll(() => name.inputValue()).toBe(`${'N'.repeat(49)}🇵🇭`);
    await name.fill('');
    await name.focus();
    await page.keyboard.insertText(EMOJI);
    await page.getByTestId('m-shop-settings-save').click();
    await page.getByText('Shop settings saved').waitFor();
    expect((await shopInfo()).shopName).toBe(EMOJI);
    await page.goto(`${baseUrl}/m/shop`);
    await expect.poll(() => page.getByTestId('m-shop-card').textContent(), { timeout: 15_000 }).toContain(EMOJI);
  });
});
