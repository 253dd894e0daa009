import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withConsoleSession } from './support/ops.ts';
import { pageOpener } from './support/page.ts';
import { apiCall } from './support/rewards.ts';
import { operatorToken } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Variants {
  options: { name: string; values: string[] }[];
  variants: { id: number; sku: string; name: string; stock: number }[];
  optionTranslations: Record<string, { name: string; values: string[] }[]>;
}

/** Types values into an option's value box, each followed by Enter. */
async function typeValues(page: Page, axis: number, values: string[]): Promise<void> {
  const input = page.getByTestId(`variants-axis-values-${axis}`).locator('input');
  for (const value of values) {
    await input.fill(value);
    await input.press('Enter');
  }
}

describe('the console variant editor (1440×900)', () => {
  it('an operator gives a product colour × size with Thai option texts and saves; a SKU used twice or by another product is refused with its message', async () => {
    const token = await operatorToken(baseUrl);
    // Products of this test alone: one to edit (with a Thai name, so it has a Thai tab), one whose SKU is taken.
    const stamp = Date.now() % 1_000_000;
    const name = `Console Variant Tee ${stamp}`;
    const product = await apiCall<{ id: number }>(baseUrl, 'POST', '/ops/warehouse', token, {
      name,
      category: 'clothing',
      purchasePriceCents: 8_00,
      stock: 10,
      translations: { 'th-TH': { name: `เสื้อยืดคอนโซล ${stamp}` } },
    });
    const other = await apiCall<{ id: number }>(baseUrl, 'POST', '/ops/warehouse', token, { name: `Console Variant Cap ${stamp}`, category: 'clothing', purchasePriceCents: 5_00, stock: 10 });
    const takenSku = `CAP-${stamp}`;
    await apiCall(baseUrl, 'POST', `/ops/warehouse/${other.id}/variants`, token, { options: [], variants: [{ sku: takenSku, optionValues: [], purchasePriceCents: 5_00, suggestedPriceCents: 6_00, stock: 10 }] });

    const page = await withConsoleSession(await open('desktop'), token);
    await page.goto(`${baseUrl}/ops/warehouse`);
    await page.getByTestId('warehouse-search').locator('input').fill(name);
    await page.getByTestId('warehouse-search').locator('input').press('Enter');
    await page.getByTestId(`warehouse-variants-${product.id}`).click();
    await page.getByTestId('variants-table').waitFor();
    // Without options: the product itself, one row.
    expect(await page.getByTestId('variants-table').locator('.ant-table-row').count()).toBe(1);

    await page.getByTestId('variants-add-axis').click();
    await page.getByTestId('variants-axis-name-0').fill('Colour');
    await typeValues(page, 0, ['Blue', 'Red']);
    await page.getByTestId('variants-add-axis').click();
    await page.getByTestId('variants-axis-name-1').fill('Size');
    await typeValues(page, 1, ['M', 'L']);
    // Two options at most: the button is off now.
    expect(await page.getByTestId('variants-add-axis').isDisabled()).toBe(true);
    const rows = page.getByTestId('variants-table').locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().textContent()).toContain('Blue, M');
    // The product's one variant becomes Blue, M (it keeps its SKU); the others are new, with SKUs offered.
    expect(await page.getByTestId('variants-sku-0').inputValue()).toBe(`SD-${product.id}`);
    expect(await page.getByTestId('variants-sku-3').inputValue()).toBe(`P${product.id}-RED-L`);
    for (let i = 0; i < 4; i++) await page.getByTestId(`variants-stock-${i}`).fill(String(5 + i));
    await page.getByTestId('variants-price-3').fill('9.50');

    // The Thai texts: the colour axis and its values; the sizes stay English.
    await page.getByTestId('variants-languages').getByRole('tab', { name: 'ไทย' }).click();
    await page.getByTestId('variants-text-th-TH-0').fill('สี');
    await page.getByTestId('variants-text-th-TH-0-0').fill('น้ำเงิน');
    await page.getByTestId('variants-text-th-TH-0-1').fill('แดง');
    await shot(page, 'ops-variants-th-tab');
    await page.getByTestId('variants-languages').getByRole('tab', { name: /Options/ }).click();
    await shot(page, 'ops-variants-editor');

    await page.getByTestId('variants-save').click();
    await page.getByText('4 variants saved').waitFor();
    await expect.poll(() => page.getByTestId('variants-table').locator('.ant-tag', { hasText: 'New' }).count()).toBe(0);
    const saved = await apiCall<Variants>(baseUrl, 'GET', `/ops/warehouse/${product.id}/variants`, token);
    expect(saved.variants.map((v) => [v.name, v.stock])).toEqual([
      ['Blue, M', 5],
      ['Blue, L', 6],
      ['Red, M', 7],
      ['Red, L', 8],
    ]);
    expect(saved.optionTranslations['th-TH']).toEqual([
      { name: 'สี', values: ['น้ำเงิน', 'แดง'] },
      { name: '', values: ['', ''] },
    ]);

    // A SKU used twice in the set: said by the editor, nothing sent.
    await page.getByTestId('variants-sku-1').fill(`sd-${product.id}`);
    await page.getByTestId('variants-save').click();
    await page.getByTestId('variants-problems').getByText(`The SKU SD-${product.id} is used twice: each variant needs its own`).waitFor();
    await shot(page, 'ops-variants-sku-twice');
    // Another product's SKU: the server refuses it, and the editor shows its message.
    await page.getByTestId('variants-sku-1').fill(takenSku);
    await page.getByTestId('variants-save').click();
    await page.getByTestId('variants-save-error').getByText(`The SKU ${takenSku} is already used by another variant`).waitFor();
    expect((await apiCall<Variants>(baseUrl, 'GET', `/ops/warehouse/${product.id}/variants`, token)).variants[1]!.sku).toBe(`P${product.id}-BLUE-L`);

    // With several variants the product dialog shows their summary price and stock, not editable.
    await page.getByTestId('variants-close').click();
    await page.getByTestId('variants-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId(`warehouse-edit-${product.id}`).click();
    await page.getByText('Set for each variant, under “Variants”').waitFor();
    expect(await page.getByTestId('warehouse-price').isDisabled()).toBe(true);
    expect(await page.getByTestId('warehouse-stock').isDisabled()).toBe(true);

    // The same editor in Chinese.
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.reload();
    await page.getByTestId('warehouse-search').locator('input').fill(name);
    await page.getByTestId('warehouse-search').locator('input').press('Enter');
    await page.getByTestId(`warehouse-variants-${product.id}`).click();
    await page.getByTestId('variants-table').locator('.ant-table-row').nth(3).waitFor();
    await page.getByTestId('variants-dialog').getByText('4 个规格组合').waitFor();
    await shot(page, 'ops-variants-editor-zh');
    await page.getByTestId('variants-sku-2').fill('');
    await page.getByTestId('variants-save').click();
    await page.getByTestId('variants-problems').getByText('Red, M 的 SKU 须为 1 到 64 个字母、数字、点、短横线或下划线').waitFor();
    await shot(page, 'ops-variants-problems-zh');
  });
});
