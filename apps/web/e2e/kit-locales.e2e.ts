import { describe, expect, inject, it } from 'vitest';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { pageOpener } from './support/page.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

describe("the table's own controls in Filipino", () => {
  it('pagination and the date range filter speak Filipino, not English', async () => {
    const page = await open('desktop');
    await page.addInitScript(() => localStorage.setItem('language', 'tl-PH'));
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/transactions`);
    const pagination = page.locator('.ant-pagination').first();
    await pagination.waitFor();
    const text = (await pagination.textContent()) ?? '';
    expect(text).toContain('/ pahina');
    expect(text).not.toContain('/ page');
    const placeholders = await page.locator('.ant-picker-range input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).placeholder));
    expect(placeholders).toEqual(['Petsa ng simula', 'Petsa ng pagtatapos']);
  });
});
