import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { DESKTOP_PAGES, MOBILE_PAGES } from '../src/lib/route-table.ts';

/**
 * axe-core over every seller page at both sizes, zero serious or critical
 * violations. One login per size; each page is opened in place (the router's own navigation, no
 * reload), left to finish loading, then checked against WCAG 2.1 A and AA.
 */
const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

interface Finding {
  route: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation for the first node (e.g. the colours and ratio it measured). */
  summary: string;
}

async function signedIn(device: Device): Promise<Page> {
  const context = await launch(device);
  contexts.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  if (device === 'desktop') {
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
  } else {
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
  }
  return page;
}

/** Opens `path` through the router (popstate), as a click on a link would. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // The router keeps the previous page on screen while the next page's chunk loads: mark it, so
    // the check below waits for the new page instead of looking at the old one.
    for (const el of document.querySelectorAll('.desktop-content > *, .m-content > *')) el.setAttribute('data-axe-previous', '');
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await page
    .waitForFunction(() => {
      const first = document.querySelector('.desktop-content > *, .m-content > *');
      return first !== null && !first.hasAttribute('data-axe-previous');
    }, undefined, { timeout: 15_000 })
    .catch(() => undefined);
  // Loaded: no skeleton, spinner or loading dots left (charts and lists drawn). The dots at the
  // foot of a phone list with more pages stay until it is scrolled there (they are its "load more"
  // line, not a load in progress): waiting for them cost 15 s on each of five phone lists.
  await page
    .waitForFunction(
      () => ![...document.querySelectorAll('.ant-skeleton, .ant-spin-spinning, .adm-dot-loading, .boot-spinner, .adm-skeleton')].some((el) => !el.closest('.adm-infinite-scroll')),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // Settled: axe measures colours as they are at that moment, and a button that the loaded data
  // enables fades from its disabled grey over 0.2 s (antd). Caught mid-way it measured 2.49:1 (CI,
  // /transactions' export button). Finite transitions and animations are let finish first; endless
  // ones (spinners, a live badge) are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Icons a screen reader reads by their English icon name ("shopping-cart", "close") in every
 * language: an antd icon keeps the name as its aria-label unless it is hidden (aria-hidden) or
 * given a translated label. axe cannot tell a name from a label; this looks for the names' shape.
 */
async function untranslatedIcons(page: Page, route: string): Promise<Finding[]> {
  const icons = await page.evaluate(() =>
    [...document.querySelectorAll('[role="img"][aria-label]')]
      .filter((el) => !el.closest('[aria-hidden="true"]') && el.checkVisibility({ visibilityProperty: true }))
      .map((el) => ({ label: el.getAttribute('aria-label') ?? '', at: `${el.parentElement?.className ?? ''} > ${el.className}` }))
      .filter(({ label }) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(label)),
  );
  if (!icons.length) return [];
  return [{ route, rule: 'icon-label', impact: 'serious', help: 'Icons must be hidden or have a translated label, not their English icon name', summary: '', targets: icons.slice(0, 10).map((i) => `${i.label}: ${i.at}`) }];
}

async function check(page: Page, route: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const icons = await untranslatedIcons(page, route);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // For a contrast failure each node says its colours ("2.75 (foreground color: #d48806, …").
      targets: v.nodes.slice(0, 10).map((n) => `${n.target.join(' ')}${v.id === 'color-contrast' ? `  ${/contrast of ([^)]*\))/.exec(n.failureSummary ?? '')?.[1] ?? ''}` : ''}`),
      summary: v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '',
    }))
    .concat(icons);
}

/** An id the page of `pattern` can show (the first product or order of the demo shop). */
async function concretePath(page: Page, pattern: string): Promise<string> {
  if (pattern === '/m/products/edit/:id') {
    const id = await page.evaluate(async () => {
      const res = await fetch('/api/product/list?page=1&pageSize=1', { headers: { authToken: localStorage.getItem('token') ?? sessionStorage.getItem('token') ?? '' } });
      return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]?.id;
    });
    return `/m/products/edit/${id}`;
  }
  if (pattern === '/m/order-detail') {
    const orderId = await page.evaluate(async () => {
      const res = await fetch('/api/order/getOrderList', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', authToken: localStorage.getItem('token') ?? sessionStorage.getItem('token') ?? '' },
        body: JSON.stringify({ tab: 'all', page: 1, pageSize: 1 }),
      });
      return ((await res.json()) as { data: { list: { orderId: string }[] } }).data.list[0]?.orderId;
    });
    return `/m/order-detail?orderId=${encodeURIComponent(orderId ?? '')}`;
  }
  return pattern;
}

/**
 * Rules tolerated on some pages (rule → route patterns), each with its reason: only for a
 * third-party internal the app cannot reach, after a wrapper or override was tried, and never for
 * every page. Empty: every serious or critical violation fails, on every page.
 */
const OUTSTANDING: Record<string, readonly string[]> = {};

const isOutstanding = (f: Finding, pattern: string) => (OUTSTANDING[f.rule] ?? []).includes(pattern);

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.route} [${f.impact}] ${f.rule}: ${f.help}\n    ${f.summary}\n    ${f.targets.join('\n    ')}`).join('\n');
}

// The two sizes run side by side (each in its own browser) to keep the run short.
describe.concurrent('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it.each([
    ['desktop', DESKTOP_PAGES.map((p) => p.path)],
    ['phone', MOBILE_PAGES.map((p) => p.path)],
  ] as const)('every %s page has no serious or critical violation', async (device, routes) => {
    const page = await signedIn(device);
    const findings: Finding[] = [];
    const outstanding: Finding[] = [];
    for (const pattern of routes) {
      const route = await concretePath(page, pattern);
      await visit(page, route);
      for (const finding of await check(page, route)) (isOutstanding(finding, pattern) ? outstanding : findings).push(finding);
    }
    if (outstanding.length) console.warn(`axe (${device}): ${outstanding.length} outstanding violations (see OUTSTANDING)\n${report(outstanding)}`);
    expect(findings, report(findings)).toEqual([]);
    // About 30 pages one after another: minutes on a loaded CI machine (the desktop half took
    // 323 s of a 1,611 s CI run on a slow 2-core machine, beside the other half of the browser tests).
  }, 720_000);

  it('the login pages of both sizes have no serious or critical violation', async () => {
    const findings: Finding[] = [];
    for (const [device, route] of [['desktop', '/login'], ['phone', '/m/login']] as const) {
      const context = await launch(device);
      contexts.push(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl}${route}`);
      await page.locator('input').first().waitFor();
      findings.push(...(await check(page, route)));
    }
    expect(findings, report(findings)).toEqual([]);
  }, 120_000);
});

describe('keyboard use of the patched kit controls', () => {
  it('desktop tab strip: tabs only in the tab list, the arrows move between them, Delete closes one', async () => {
    const page = await signedIn('desktop');
    const sidebar = page.getByTestId('sidebar');
    for (const [label, path] of [['Shop orders', '/orders'], ['My wallet', '/wallet']]) {
      await sidebar.getByText(label).click();
      await page.getByTestId(`tab-${path}`).waitFor();
    }
    const tab = (path: string) => page.locator('.page-tabs [role="tab"]', { has: page.getByTestId(`tab-${path}`) });
    // The close buttons stay for the mouse, out of the tab list's reading and tab order.
    await expect(page.locator('.page-tabs .ant-tabs-tab-remove').evaluateAll((els) => els.map((el) => [el.getAttribute('aria-hidden'), el.getAttribute('tabindex')]))).resolves.toEqual([
      ['true', '-1'],
      ['true', '-1'],
    ]);
    await expect(tab('/orders').getAttribute('aria-keyshortcuts')).resolves.toBe('Delete');
    await tab('/wallet').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('/orders').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Delete');
    await page.getByTestId('tab-/orders').waitFor({ state: 'detached' });
    await expectPath(page, '/wallet');
  });

  it('phone capsule tabs: a named tab list, the arrows move, Enter chooses', async () => {
    const page = await signedIn('phone');
    await visit(page, '/m/reviews');
    const list = page.getByRole('tablist', { name: 'Rating' });
    await expect.poll(() => list.getByRole('tab', { selected: true }).textContent()).toBe('All ratings');
    await list.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('rating') === '5');
    await expect.poll(() => list.getByRole('tab', { selected: true }).textContent()).toBe('5★');
  });
});
