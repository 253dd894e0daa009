import { describe, expect, inject, it } from 'vitest';
import { DEMO, expectPath, loginDesktop, SELLER2 } from './support/app.ts';
import { pageOpener } from './support/page.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

describe('what the desktop shell keeps, and what it must not', () => {
  it('forgets the page tabs at logout: the next seller in the same browser tab starts at home', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/wallet`);
    await page.getByTestId('tab-/wallet').waitFor();
    await page.goto(`${baseUrl}/orders`);
    await page.getByTestId('tab-/orders').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('pageTabs'))).toBeNull();

    await loginDesktop(page, baseUrl, SELLER2);
    await expectPath(page, '/dashboard');
    await page.getByTestId('tab-/dashboard').waitFor();
    expect(await page.getByTestId('tab-/orders').count()).toBe(0);
    expect(await page.getByTestId('tab-/wallet').count()).toBe(0);
  });

  it('keeps the folded sidebar across a reload, and its entries are links', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    const sider = page.getByTestId('sidebar');
    const wallet = sider.locator('a[href="/wallet"]');
    await wallet.waitFor();
    // A real link: the browser opens it in a new tab on Ctrl-click, the app stays where it was.
    const popup = page.context().waitForEvent('page');
    await wallet.click({ modifiers: ['Control'] });
    const opened = await popup;
    await opened.waitForURL((url) => url.pathname === '/wallet');
    await opened.close();
    await expectPath(page, '/dashboard');
    // A plain click is the app's own navigation.
    await wallet.click();
    await expectPath(page, '/wallet');

    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => sider.evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'))).toBe(true);
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('sidebar').evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'))).toBe(true);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => page.getByTestId('sidebar').evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'))).toBe(false);
  });

  it("writes dates in the reader's order (th-TH day/month/year)", async () => {
    const page = await open('desktop');
    await page.addInitScript(() => localStorage.setItem('language', 'th-TH'));
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/transactions`);
    const firstCell = page.locator('.ant-table-tbody tr.ant-table-row td').filter({ hasText: /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/ }).first();
    await firstCell.waitFor();
    const [day, month, year] = (/(\d{2})\/(\d{2})\/(\d{4})/.exec((await firstCell.textContent()) ?? '') ?? []).slice(1).map(Number);
    // Day first: a month above 12 would be a day; the seed's records are from the last weeks.
    expect(year).toBeGreaterThanOrEqual(2025);
    expect(month).toBeLessThanOrEqual(12);
    expect(day).toBeLessThanOrEqual(31);
    expect(await page.locator('.ant-table-tbody').textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
