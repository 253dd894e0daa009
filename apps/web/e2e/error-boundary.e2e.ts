import { describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';

/**
 * A page that fails to render shows "something went wrong" with Reload and a reference to quote,
 * inside the layout (the sidebar, the tab bar, the mall's header stay), on the desktop, the phone
 * and in the mall. The page is made to throw by an answer of the wrong shape (a list whose row is
 * null), the way a server or a proxy answering something unexpected breaks a page; the build ships
 * nothing for it.
 */

const baseUrl = inject('baseUrl');
const open = pageOpener();

/** Answers `path` with the real answer's list rows replaced by null, until `restore` is called. */
async function breakList(page: Page, path: string, listOf: (data: Record<string, unknown>) => Record<string, unknown>): Promise<() => Promise<void>> {
  const pattern = `**/api${path}*`;
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: listOf(body.data) } });
  };
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

const nullRows = (data: Record<string, unknown>) => ({ ...data, list: [null], total: 1 });

async function expectNotice(page: Page, title: string): Promise<string> {
  const notice = page.getByTestId('crash-page');
  await notice.waitFor();
  expect(await notice.getByRole('heading').textContent()).toBe(title);
  const reference = (await page.getByTestId('crash-reference').textContent()) ?? '';
  expect(reference).toMatch(/^web-[0-9a-f-]{36}$/);
  return reference;
}

describe('a page that fails to render', () => {
  it('desktop: the orders page shows the notice in the layout; Reload brings the page back; another page renders', async () => {
    const page = await open('desktop');
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    const restore = await breakList(page, '/order/getOrderList', nullRows);
    await page.goto(`${baseUrl}/orders`);
    const reference = await expectNotice(page, 'Something went wrong');
    // The layout around the page stays: its sidebar still leads elsewhere.
    await page.getByTestId('orders-badge').waitFor({ state: 'attached' });
    // The reference is logged with the error, so a quote finds the stack.
    expect(errors.some((text) => text.includes(reference))).toBe(true);

    await restore();
    await page.getByTestId('crash-reload').click();
    await page.getByTestId('orders-table').waitFor();
    expect(await page.getByTestId('crash-page').count()).toBe(0);
  });

  it('phone (vi-VN): the orders page shows the localized notice above the tab bar; moving to another tab renders it', async () => {
    const page = await open('phone');
    await page.context().addInitScript(() => window.localStorage.setItem('language', 'vi-VN'));
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    const restore = await breakList(page, '/order/getOrderList', nullRows);
    await page.goto(`${baseUrl}/m/orders`);
    await expectNotice(page, 'Đã xảy ra lỗi');
    expect(await page.getByTestId('crash-reload').textContent()).toBe('Tải lại');
    await page.getByTestId('m-tabbar').waitFor();

    await restore();
    await page.getByTestId('m-tab-shop').click();
    await expectPath(page, '/m/shop');
    await page.getByTestId('m-today-orders').waitFor();
    await expect.poll(() => page.getByTestId('crash-page').count()).toBe(0);
    await page.goto(`${baseUrl}/m/orders`);
    await page.getByTestId('m-orders-page').waitFor();
    expect(await page.getByTestId('crash-page').count()).toBe(0);
  });

  it('mall: the coupons page shows the notice under the mall header; Reload brings the coupons back', async () => {
    const page = await open('phone');
    const restore = await breakList(page, '/mall/coupons', () => [null] as unknown as Record<string, unknown>);
    await page.goto(`${baseUrl}/mall/coupons`);
    await expectNotice(page, 'Something went wrong');
    await page.getByTestId('mall-tab-home').waitFor();

    await restore();
    await page.getByTestId('crash-reload').click();
    await page.getByTestId('coupon').first().waitFor();
    expect(await page.getByTestId('crash-page').count()).toBe(0);
  });
});
