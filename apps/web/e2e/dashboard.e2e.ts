import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone, pathOf } from './support/app.ts';
import { numberIn } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();


describe('dashboard on the desktop (1440×900)', () => {
  it('switches every windowed section to 30 days (URL and figures), and a to-do number opens its filtered list', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    for (const id of ['dashboard-todo', 'dashboard-today', 'dashboard-products', 'dashboard-credit', 'dashboard-wallet', 'dashboard-activity', 'dashboard-best-selling']) {
      await page.getByTestId(id).waitFor();
    }
    const weekViews = await numberIn(page, 'traffic-total-views');
    const weekOrders = await numberIn(page, 'orders-total');
    expect(weekViews).toBeGreaterThan(0);
    await page.getByTestId('window-30').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('window')).toBe('30');
    await expect.poll(() => numberIn(page, 'traffic-total-views'), { timeout: 15_000 }).toBeGreaterThan(weekViews);
    await expect.poll(() => numberIn(page, 'orders-total'), { timeout: 15_000 }).toBeGreaterThan(weekOrders);
    // The window survives a reload (it lives in the URL).
    await page.reload();
    await expect.poll(() => numberIn(page, 'traffic-total-views'), { timeout: 15_000 }).toBeGreaterThan(weekViews);

    const waiting = await numberIn(page, 'todo-toPurchase');
    await page.getByTestId('todo-toPurchase').click();
    await expect.poll(() => pathOf(page)).toBe('/orders?tab=to_purchase');
    await page.locator('.ant-tabs-tab-active [data-testid="orders-tab-to_purchase"]').waitFor();
    if (waiting > 0) await page.locator('.ant-table-row').first().waitFor();

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByTestId('todo-refunds').click();
    await expect.poll(() => pathOf(page)).toBe('/products/refunds?status=refunding');

    await page.goto(`${baseUrl}/dashboard/health`);
    await page.getByTestId('credit-history').locator('.ant-table-row').first().waitFor();
    await page.goto(`${baseUrl}/dashboard/activity`);
    await page.getByTestId('activity-log-table').locator('.ant-table-row').first().waitFor();
  });

  it('shows its figures while the chart library is still loading, then draws both charts in the space kept for them', async () => {
    const page = await open('desktop');
    // Holds back every script that brings echarts (its chunk is the one holding the canvas renderer).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('echarts') || body.includes('zrender')) {
        held.push(new URL(route.request().url()).pathname);
        await released;
      }
      // The body is handed over decoded: the encoding headers of the original no longer apply.
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      await route.fulfill({ status: response.status(), headers, body });
    });
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    expect(await numberIn(page, 'traffic-total-views')).toBeGreaterThan(0);
    expect(await numberIn(page, 'orders-total')).toBeGreaterThan(0);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.getByTestId('traffic-chart').count()).toBe(0);
    const before = await page.getByTestId('dashboard-traffic').boundingBox();
    release();
    await page.getByTestId('traffic-chart').locator('canvas').waitFor();
    await page.getByTestId('orders-chart').locator('canvas').waitFor();
    // The section kept the chart's height while it loaded: drawing it moved nothing.
    expect((await page.getByTestId('dashboard-traffic').boundingBox())?.height).toBe(before?.height);
  });
});

describe('dashboard on the phone (390×844)', () => {
  it('shows the figures on /m/shop, switches to 30 days, and a to-do number opens its filtered list', async () => {
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.getByTestId('m-shop-card').waitFor();
    const weekViews = await numberIn(page, 'm-traffic-views');
    await page.getByTestId('m-window-30').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('window')).toBe('30');
    await expect.poll(() => numberIn(page, 'm-traffic-views'), { timeout: 15_000 }).toBeGreaterThan(weekViews);
    await page.getByTestId('m-todo-toPurchase').click();
    await expect.poll(() => pathOf(page)).toBe('/m/orders?tab=to_purchase');
  });
});

/** The API requests a page makes from now on: method and path, without the query. */
function apiRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/catalog/covers/') && !url.pathname.startsWith('/api/notifications/stream')) requests.push(`${request.method()} ${url.pathname}`);
  });
  return requests;
}

describe('a cold login page asks for its public settings while its code loads (askLoginAnswers)', () => {
  it("on a phone and a desktop: once, before the login page's own code is asked for", async () => {
    for (const device of ['phone', 'desktop'] as const) {
      const page = await open(device);
      const order: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/systemSettings/getPublicConfig') order.push('settings');
        else if (/^\/assets\/(mobile-)?login-page-[\w-]+\.js$/.test(path)) order.push('page');
      });
      await page.goto(`${baseUrl}${device === 'phone' ? '/m/login' : '/login'}`);
      await page.getByTestId(device === 'phone' ? 'm-login-submit' : 'login-submit').waitFor();
      await page.waitForLoadState('networkidle');
      // Asked for after the first render, it came a round trip after the page's code (page, settings).
      expect(order, device).toEqual(['settings', 'page']);
    }
  });
});

describe('a cold signed-in home asks for its answers in one request (lib/answer-batch.ts)', () => {
  it('/m/shop?window=30 on a phone: a batch for the first screen, one for the cards under it once that has painted, no query of its own, the 30-day figures shown', async () => {
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.getByTestId('m-traffic-views').waitFor();
    const weekViews = await numberIn(page, 'm-traffic-views');
    // The page after the login is whole and quiet (its last card is in) before the requests are counted.
    await page.getByTestId('m-dashboard-activity').waitFor();
    await page.waitForLoadState('networkidle');
    const requests = apiRequests(page);
    // Each batch's parts, and whether the first screen (the to-do card) was on the page when it went
    // out: noted by the page itself as it sends the request (a check from here would come a moment
    // later, and the start batch now leaves as soon as the entry runs).
    await page.addInitScript(() => {
      const noted: { paths: string[]; afterTopShown: boolean }[] = [];
      (window as unknown as { __batches: typeof noted }).__batches = noted;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (new URL(url, location.href).pathname === '/api/batch' && typeof init?.body === 'string') {
          const body = JSON.parse(init.body) as { requests: { path: string }[] };
          noted.push({ paths: body.requests.map((r) => r.path), afterTopShown: document.querySelector('[data-testid="m-todo-toPurchase"]') !== null });
        }
        return send(input, init);
      };
    });
    await page.goto(`${baseUrl}/m/shop?window=30`);
    await page.getByTestId('m-traffic-views').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await numberIn(page, 'm-traffic-views')).toBeGreaterThan(weekViews);
    expect(requests).toEqual(['POST /api/batch', 'POST /api/batch']);
    const batches = await page.evaluate(() => (window as unknown as { __batches: { paths: string[]; afterTopShown: boolean }[] }).__batches);
    expect(batches).toHaveLength(2);
    const [top, rest] = batches;
    // Every figure section comes in the one dashboard view of the first batch; the second has the other modules' cards.
    expect(top!.paths).toEqual(expect.arrayContaining(['/sellAuth/me', '/dashboard/view']));
    expect(top!.paths.filter((path) => path.startsWith('/dashboard/'))).toEqual(['/dashboard/view']);
    expect(top!.afterTopShown).toBe(false);
    expect(rest!.paths).toEqual(expect.arrayContaining(['/shopHealth/summary', '/wallet/summary']));
    expect(rest!.paths.filter((path) => path.startsWith('/dashboard/'))).toEqual([]);
    expect(rest!.afterTopShown).toBe(true);
    // Its files were linked once each, in one go (lib/start-links.ts), and their style sheets applied.
    const links = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="modulepreload"], link[rel="stylesheet"]'), (link) => (link as HTMLLinkElement).href));
    const startFiles = await page.evaluate(() => {
      const lists = JSON.parse(document.getElementById('start-files')?.textContent ?? '{}') as Record<string, string[]>;
      return [...new Set([...(lists.mobileShell ?? []), ...(lists.mobileRoot ?? [])])];
    });
    expect(startFiles.length).toBeGreaterThan(5);
    expect(links.map((href) => new URL(href).pathname)).toEqual(expect.arrayContaining(startFiles));
    expect(links.length - new Set(links).size).toBe(0);
    const applied = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => (link.sheet === null ? '' : new URL(link.href).pathname)));
    const startSheets = startFiles.filter((file) => file.endsWith('.css'));
    expect(startSheets.length).toBeGreaterThan(0);
    expect(applied).toEqual(expect.arrayContaining(startSheets));
    // A later refresh asks on its own (the start's answers are not reused): switching back to 7 days.
    await page.getByTestId('m-window-7').click();
    await expect.poll(() => numberIn(page, 'm-traffic-views'), { timeout: 15_000 }).toBe(weekViews);
  });

  it('/dashboard on a desktop: one batch, no query of its own, every section shown', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    // The page after the login is whole and quiet (its last section is in) before the requests are counted.
    await page.getByTestId('dashboard-activity').waitFor();
    await page.waitForLoadState('networkidle');
    const requests = apiRequests(page);
    await page.reload();
    for (const id of ['dashboard-todo', 'dashboard-today', 'dashboard-products', 'dashboard-credit', 'dashboard-wallet', 'dashboard-activity', 'dashboard-best-selling']) {
      await page.getByTestId(id).waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual(['POST /api/batch']);
    // The phone's home opened on a desktop goes to / and on to /dashboard: the same one batch.
    requests.length = 0;
    await page.goto(`${baseUrl}/m/shop`);
    await expectPath(page, '/dashboard');
    await page.getByTestId('ranking-best').waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual(['POST /api/batch']);
  });
});

/** Notes in `window.__frameSeen` whether the desktop layout's frame was ever on the page (it lives until the first render). */
const WATCH_FRAME = `window.__frameSeen = false;
new MutationObserver(() => { if (document.querySelector('.boot-frame')) window.__frameSeen = true; }).observe(document, { childList: true, subtree: true });`;
const frameSeen = (page: Page) => page.evaluate(() => (window as unknown as { __frameSeen: boolean }).__frameSeen);

/** Each part's box and colours: the frame's element, then the layout's. */
const FRAME_PARTS = { layout: ['.boot-frame', '.desktop-layout'], sider: ['.boot-frame-sider', '.desktop-sider'], header: ['.boot-frame-header', '.desktop-header'], tabs: ['.boot-frame-tabs', '.page-tabs'] } as const;
function looks(page: Page, which: 0 | 1) {
  const selectors = Object.fromEntries(Object.entries(FRAME_PARTS).map(([part, pair]) => [part, pair[which]]));
  return page.evaluate((parts) => {
    const shown: Record<string, string> = {};
    for (const [part, selector] of Object.entries(parts)) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} is not on the page`);
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // The layout runs the page's length, the frame the window's: their tops and widths are compared.
      const size = part === 'layout' ? `${box.width}` : `${box.width}x${box.height}`;
      // A border of no width takes the text's colour, which no one sees.
      const border = style.borderBottomWidth === '0px' ? 'no border' : `${style.borderBottomWidth} ${style.borderBottomColor}`;
      shown[part] = `${box.x},${box.y} ${size} ${style.backgroundColor} ${border}`;
    }
    return shown;
  }, selectors);
}

describe("a cold desktop page behind the login shows its layout's frame while it loads (app/guard/boot-frame.ts)", () => {
  it('in the boxes and colours of the layout, light and dark, until the page renders; not on the phone', async () => {
    const page = await open('desktop');
    await page.addInitScript({ content: WATCH_FRAME });
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.getByTestId('sidebar').waitFor();
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      // The desktop pages' chunk is held back: the frame stays until it comes.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/desktop-root-[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.reload();
      await page.locator('.boot-frame').waitFor();
      expect(await page.locator('.boot-frame [role="progressbar"]').isVisible()).toBe(true);
      const frame = await looks(page, 0);
      release();
      await page.getByTestId('sidebar').waitFor();
      await page.getByTestId('dashboard-todo').waitFor();
      expect(await page.locator('.boot-frame').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(frame).toEqual(await looks(page, 1));
      await page.unroute(/\/assets\/desktop-root-[^/]+\.js$/);
    }
    expect(await frameSeen(page)).toBe(true);
    // The phone's home and the desktop login page start on the bare spinner.
    for (const [device, login] of [['phone', loginPhone], ['desktop', null]] as const) {
      const other = await open(device);
      await other.addInitScript({ content: WATCH_FRAME });
      if (login) {
        await login(other, baseUrl, DEMO);
        await expectPath(other, '/m/shop');
        await other.reload();
        await other.getByTestId('m-traffic-views').waitFor();
      } else {
        await other.goto(`${baseUrl}/dashboard`);
        await expectPath(other, '/login');
        await other.getByTestId('login-form').waitFor();
      }
      expect(await frameSeen(other)).toBe(false);
    }
  });
});
