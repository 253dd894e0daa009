import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withConsoleSession } from './support/ops.ts';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { apiCall, sellerLogin } from './support/rewards.ts';
import { approveDeposit, DEMO_FUND_PASSWORD, operatorToken, TEST_WALLET_ADDRESS } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The audit trail filtered to one action lists `target` with the demo operator's name. */
async function expectAudited(page: Page, action: string, target: string): Promise<void> {
  await page.goto(`${baseUrl}/ops/audit?action=${encodeURIComponent(action)}`);
  const row = page.getByTestId('ops-audit-table').locator('.ant-table-row', { hasText: target });
  await row.waitFor();
  expect(await row.textContent()).toContain('Platform operator');
  expect(await row.textContent()).toContain(action);
}

/**
 * Saves the open product dialog and waits for its toast. A refusal (the dialog's error) or no answer
 * at all fails with what the dialog then says, so a failed run names its cause.
 */
async function saveProduct(page: Page, toast: string): Promise<void> {
  await page.getByTestId('warehouse-save').click();
  const toastShown = page.getByText(toast);
  const refusal = page.getByTestId('warehouse-save-error');
  const outcome = await toastShown
    .or(refusal)
    .first()
    .waitFor({ timeout: 60_000 })
    .then(async () => ((await refusal.isVisible()) ? `refused: ${await refusal.textContent()}` : 'saved'))
    .catch(async () => `no toast within 60 s; the dialog says: ${await page.locator('.ant-modal-content').innerText({ timeout: 1_000 }).catch(() => '(closed)')}`);
  expect(outcome).toBe('saved');
}

describe('the console warehouse (1440×900)', () => {
  it('a catalog operator adds a food product with a photo, then edits its price; a seller adds it to the shop, a buyer finds it in the mall with its picture, and the audit trail lists it beside a deposit approval and a withdrawal completion', async () => {
    const token = await operatorToken(baseUrl);
    const page = await withConsoleSession(await open('desktop'), token);
    await page.goto(`${baseUrl}/ops/warehouse`);
    await page.getByTestId('warehouse-table').waitFor();

    await shot(page, 'ops-warehouse');
    const name = `Console Oolong Tea ${Date.now() % 100000}`;
    await page.getByTestId('warehouse-create').click();
    // Nothing filled in: the form says what is missing and saves nothing.
    await page.getByTestId('warehouse-save').click();
    await page.getByText('Enter a name (at most 120 characters)').waitFor();
    await page.getByTestId('warehouse-name').fill(name);
    await page.getByTestId('warehouse-description').fill('Roasted oolong from Lam Dong, 200 g');
    // Its name in Thai, on the Thai tab (English stays required, the rest optional).
    const thaiName = `ชาอูหลงคอนโซล ${name.split(' ').pop()}`;
    await page.getByTestId('warehouse-languages').getByRole('tab', { name: 'ไทย' }).click();
    await page.getByTestId('warehouse-name-th-TH').fill(thaiName);
    await page.getByTestId('warehouse-category').click();
    await page.locator('.ant-select-item-option[title="Food"]').click();
    await page.getByTestId('warehouse-price').fill('6.40');
    await page.getByTestId('warehouse-stock').fill('250');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('warehouse-photo').setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: png });
    await shot(page, 'ops-warehouse-create');
    await saveProduct(page, 'Product added');

    await page.getByTestId('warehouse-search').locator('input').fill(name);
    await page.getByTestId('warehouse-search').locator('input').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    const id = Number(await row.getAttribute('data-row-key'));
    expect(await page.getByTestId(`warehouse-row-price-${id}`).textContent()).toBe('6.40 USDT');
    expect(await row.locator('img').getAttribute('src')).toMatch(/^\/api\/catalog\/photos\/[0-9a-f]{32}\.png$/);

    await page.getByTestId(`warehouse-edit-${id}`).click();
    // A gallery picture goes up at once (checked and resized by the server).
    await page.getByTestId('warehouse-gallery-file').setInputFiles({ name: 'tea-leaves.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('warehouse-gallery-item').waitFor();
    await page.getByTestId('warehouse-price').fill('7.10');
    await saveProduct(page, 'Product saved');
    await expect.poll(() => page.getByTestId(`warehouse-row-price-${id}`).textContent()).toBe('7.10 USDT');

    // A seller sees it in the warehouse at the new price, in the food category.
    const login = await fetch(`${baseUrl}/api/sellAuth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: Buffer.from('demo123').toString('base64') }) });
    const sellerToken = ((await login.json()) as { data: { token: string } }).data.token;
    const found = await fetch(`${baseUrl}/api/product/warehouse?category=food&name=${encodeURIComponent(name)}`, { headers: { authToken: sellerToken } });
    const list = ((await found.json()) as { data: { list: { id: number; purchasePriceCents: number }[] } }).data.list;
    expect(list).toEqual([expect.objectContaining({ id, purchasePriceCents: 710 })]);

    // The seller adds it to the shop from the seller's warehouse page, at a 20% profit ratio.
    const sellerPage = await page.context().newPage();
    await loginDesktop(sellerPage, baseUrl, DEMO);
    await expectPath(sellerPage, '/dashboard');
    await sellerPage.goto(`${baseUrl}/products/warehouse?name=${encodeURIComponent(name)}`);
    const sellerRow = sellerPage.getByTestId('warehouse-table').locator(`tr[data-row-key="${id}"]`);
    await sellerRow.waitFor();
    await sellerRow.locator('.ant-checkbox-input').check();
    await sellerPage.getByTestId('warehouse-add').click();
    await sellerPage.getByTestId('add-dialog').waitFor();
    await sellerPage.getByTestId('add-ratio').fill('20');
    await sellerPage.getByTestId('add-submit').click();
    await sellerPage.getByTestId('add-summary').filter({ hasText: 'Added: 1, already in the shop: 0, not added: 0' }).waitFor();
    await sellerPage.getByTestId('add-done').click();
    await sellerPage.close();

    // A buyer (no account needed to look) searches the mall and finds it, its picture loaded.
    const mall = await page.context().newPage();
    await mall.goto(`${baseUrl}/mall`);
    await mall.getByTestId('mall-search-input').fill(name);
    await mall.getByTestId('mall-search-input').press('Enter');
    await expect.poll(() => new URL(mall.url()).pathname).toBe('/mall/search');
    const card = mall.getByTestId('search-results').getByTestId('product-card').filter({ hasText: name });
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    const picture = card.locator('img');
    expect(await picture.getAttribute('src')).toMatch(/^\/api\/catalog\/photos\/[0-9a-f]{32}\.png$/);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Its page shows the cover and the gallery picture; read in Thai, it bears its Thai name.
    await card.first().click();
    await mall.getByTestId('mall-product').waitFor();
    expect(await mall.locator('.mall-thumb').count()).toBe(2);
    await mall.getByTestId('mall-language').selectOption('th-TH');
    await mall.locator('.mall-product-name', { hasText: thaiName }).waitFor();
    await shot(mall, 'mall-product-gallery-th');
    // The choice is kept for the whole browser: back to English for the console's checks below.
    await mall.getByTestId('mall-language').selectOption('en-US');
    await mall.close();

    // Money decisions by the same operator, through the API the console pages use.
    const seller = await sellerLogin(baseUrl, DEMO);
    const form = new FormData();
    form.set('network', 'TRC20');
    form.set('amount', '18.40');
    form.set('screenshot', new Blob([png], { type: 'image/png' }), 'paid.png');
    const deposit = await apiCall<{ id: number }>(baseUrl, 'POST', '/wallet/deposit', seller.token, form);
    await approveDeposit(baseUrl, deposit.id);
    const withdrawal = await apiCall<{ id: number }>(baseUrl, 'POST', '/wallet/withdraw', seller.token, {
      method: 'crypto',
      network: 'TRC20',
      address: TEST_WALLET_ADDRESS,
      amount: '52.00',
      fundPassword: Buffer.from(DEMO_FUND_PASSWORD).toString('base64'),
    });
    await apiCall(baseUrl, 'POST', `/ops/withdrawals/${withdrawal.id}/approve`, token, {});
    await apiCall(baseUrl, 'POST', `/ops/withdrawals/${withdrawal.id}/complete`, token, { payoutTxHash: `0x${Date.now().toString(16)}${'cd'.repeat(24)}` });

    // The audit trail lists all three, each with the operator's name.
    await expectAudited(page, 'warehouse.create', `warehouse_product #${id}`);
    await shot(page, 'ops-audit-warehouse');
    await expectAudited(page, 'deposit.approve', `deposit #${deposit.id}`);
    await expectAudited(page, 'withdrawal.complete', `withdrawal #${withdrawal.id}`);
  });

  it('the money overview shows the ledger figures and runs the reconcile from the page', async () => {
    const token = await operatorToken(baseUrl);
    const page = await withConsoleSession(await open('desktop'), token);
    await page.goto(`${baseUrl}/ops/money`);
    await page.getByTestId('money-buyersWallets').waitFor();
    const answer = await fetch(`${baseUrl}/api/ops/money/overview`, { headers: { authToken: token } });
    const overview = ((await answer.json()) as { data: { buyersWalletCents: number } }).data;
    expect(await page.getByTestId('money-buyersWallets').textContent()).toContain((overview.buyersWalletCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await page.getByTestId('money-reconcile-run').click();
    await page.getByTestId('money-reconcile-result').waitFor();
    expect(await page.getByTestId('money-reconcile-result').textContent()).toMatch(/The ledger reconciles|Problems found/);
    await shot(page, 'ops-money');
  });
});
