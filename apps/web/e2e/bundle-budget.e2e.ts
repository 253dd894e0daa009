import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JS_BUDGET_GZIP_BYTES } from '../scripts/size-budget.ts';
import { COMPILE_HINT } from '../scripts/compile-hints-plugin.ts';
import { KIT_SHEET_PARTS } from '../scripts/kit-styles-plugin.ts';
import { START_FILES_ID } from '../src/lib/start-modules.ts';
import { pageOpener } from './support/page.ts';
import { DEMO, loginDesktop, loginPhone } from './support/app.ts';

const baseUrl = inject('baseUrl');
/**
 * Script and style files a signed-in phone's home asks for on a reload, until the network is quiet
 * (its catalogs, the worker's registration and what loads after the first render included): about
 * 29 (24 scripts, 5 style sheets) with the start chunks (scripts/start-chunks.ts), where the
 * bundler's own split made 58.
 */
const PHONE_HOME_FILES = 32;
const open = pageOpener();

interface ScriptLoad {
  url: string;
  /** Bytes of the body as sent (brotli or gzip, as the server chose). */
  wire: number;
  /** Bytes of the body gzipped at level 9 (what the budget counts). */
  gzip: number;
  encoding: string;
  cacheControl: string;
}

/** Loads a page cold and lists every JavaScript file it downloaded until the network was quiet. */
async function coldScripts(page: Page, path: string, readyTestId: string): Promise<ScriptLoad[]> {
  const pending: Promise<ScriptLoad | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const sizes = await response.request().sizes();
        const headers = await response.allHeaders();
        return { url: response.url(), wire: sizes.responseBodySize, gzip: gzipSync(body, { level: 9 }).length, encoding: headers['content-encoding'] ?? 'identity', cacheControl: headers['cache-control'] ?? '' };
      })(),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.getByTestId(readyTestId).waitFor();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((s): s is ScriptLoad => s !== null);
}

function summary(name: string, scripts: ScriptLoad[]) {
  const sum = (key: 'wire' | 'gzip') => scripts.reduce((total, s) => total + s[key], 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`${name}: ${scripts.length} JavaScript files, ${kb(sum('gzip'))} KB gzipped, ${kb(sum('wire'))} KB on the wire`);
  if (process.env.BUDGET_DETAIL) for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(7)} KB  ${s.url.replace(baseUrl, '')}`);
  return { gzip: sum('gzip'), wire: sum('wire') };
}

describe('JavaScript size budget of a cold start', () => {
  it(`/m/login on a phone needs at most ${JS_BUDGET_GZIP_BYTES.phoneLogin / 1024} KB of gzipped JavaScript, compressed and without the desktop kit`, async () => {
    const page = await open('phone');
    const scripts = await coldScripts(page, '/m/login', 'm-login-submit');
    const { gzip, wire } = summary('/m/login', scripts);
    expect(gzip).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES.phoneLogin);
    expect(wire).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES.phoneLogin);
    for (const script of scripts) {
      expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
      expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
    }
    expect(scripts.filter((s) => /\/assets\/(antd|echarts|desktop-)/.test(s.url)).map((s) => s.url)).toEqual([]);
    // Nor the mall's start (its home page, cart and API): a seller's login shares only the base with it.
    expect(scripts.filter((s) => /\/assets\/start-mall\./.test(s.url)).map((s) => s.url)).toEqual([]);
  });

  it(`/mall on a phone needs at most ${JS_BUDGET_GZIP_BYTES.mallHome / 1024} KB of gzipped JavaScript, with no UI kit, chart or seller code`, async () => {
    const page = await open('phone');
    // The server's preload of the home data (plugins/web.ts) is the request the mall uses: one, not two.
    const homeRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/mall/home') homeRequests.push(request.resourceType());
    });
    const scripts = await coldScripts(page, '/mall', 'ranking-bestSelling');
    expect(homeRequests).toHaveLength(1);
    const { gzip, wire } = summary('/mall', scripts);
    expect(gzip).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES.mallHome);
    expect(wire).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES.mallHome);
    expect(scripts.filter((s) => /\/assets\/(antd|echarts|desktop-|mobile-|installCanvasRenderer)/.test(s.url)).map((s) => s.url)).toEqual([]);
  });

  it(`a signed-in phone's home asks for at most ${PHONE_HOME_FILES} script and style files before it shows (each is a round trip on an HTTP/1.1 phone network); the drawer's code comes with the bell`, async () => {
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await page.getByTestId('m-shop-page').waitFor();
    await page.waitForLoadState('networkidle');
    // The page says when the home first shows; the files asked for until then are its start's.
    let shown = false;
    await page.exposeFunction('homeShown', () => (shown = true));
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="m-shop-page"]')) return;
        observer.disconnect();
        void (window as unknown as { homeShown: () => Promise<void> }).homeShown();
      }).observe(document, { childList: true, subtree: true });
    });
    const before: string[] = [];
    const after: string[] = [];
    page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) (shown ? after : before).push(new URL(request.url()).pathname);
    });
    await page.reload();
    await page.getByTestId('m-shop-page').waitFor();
    await page.waitForLoadState('networkidle');
    console.log(`phone home: ${before.length} script and style files before it shows (${before.filter((f) => f.endsWith('.css')).length} style sheets), ${after.length} after`);
    expect(shown).toBe(true);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(PHONE_HOME_FILES);
    // Nor the desktop kit's style sheet (scripts/kit-styles-plugin.ts): the phone has no antd.
    expect([...before, ...after].filter((f) => f.startsWith('/assets/kit-'))).toEqual([]);
    // The notifications drawer's code loads when the bell is tapped, not with the page.
    expect([...before, ...after].some((f) => f.includes('notification-drawer'))).toBe(false);
    await page.getByTestId('m-bell').click();
    await page.getByTestId('m-drawer').waitFor();
    expect(after.some((f) => f.includes('notification-drawer'))).toBe(true);
    // Nor the error states' illustrations (components/mobile/error-block.tsx): they come with the first one shown.
    const illustrations = (files: string[]) => files.filter((f) => f.includes('error-block-images'));
    expect(illustrations([...before, ...after])).toEqual([]);
    await page.goto(`${baseUrl}/m/no-such-page`);
    await page.getByTestId('m-page-not-found').waitFor();
    await expect.poll(() => page.locator('[data-testid="m-page-not-found"] .adm-error-block-image svg').count()).toBe(1);
    expect(illustrations(after)).toHaveLength(1);
  });

  it("a desktop's first screens take antd's rules from the kit sheet written at build time, in the light and the dark theme", async () => {
    const page = await open('desktop');
    // antd's component rules it writes itself (`:where(.css-<hash>).ant-btn…`); its design tokens (CSS variables) it still writes.
    const writtenRules = () =>
      page.evaluate(() => Array.from(document.querySelectorAll('style[data-css-hash]'), (style) => style.textContent ?? '').filter((text) => /:where\(\.css-[a-z0-9]+\)\.ant-(btn|col|row|form|input|checkbox|dropdown|layout|menu|card|tag|typography|segmented)\b/.test(text)).length);
    const sheetOrder = () => page.evaluate(() => Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (link) => new URL((link as HTMLLinkElement).href).pathname.replace(/-[\w-]{8}\.css$/, '.css')));
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    // First among the style sheets, where antd's own rules go, its parts in order: the app's sheets still come after them.
    const kitParts = Array.from({ length: KIT_SHEET_PARTS }, (_, n) => `/assets/kit-antd-${n}.css`);
    expect((await sheetOrder()).slice(0, KIT_SHEET_PARTS + 1)).toEqual([...kitParts, expect.not.stringMatching(/\/kit-/)]);
    expect(await writtenRules()).toBe(0);
    // The rules apply: the primary button in the light theme's primary colour (#0958d9).
    expect(await page.getByTestId('login-submit').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(9, 88, 217)');
    await loginDesktop(page, baseUrl, DEMO);
    await page.getByTestId('dashboard-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await writtenRules()).toBe(0);
    // The dark theme (signed out again) takes the same rules with its own variables: its primary is
    // #1668dc, the dark algorithm's shade of #1677ff.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('theme', 'dark');
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-submit').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(22, 104, 220)');
    expect(await writtenRules()).toBe(0);
  });

  it('the login page and the app behind it fetch their catalogs as one chunk of the language each, not one file per namespace', async () => {
    const page = await open('phone');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await loginPhone(page, baseUrl, DEMO);
    await page.getByTestId('m-shop-page').waitFor();
    await page.waitForLoadState('networkidle');
    // The login page's three (common, auth, layout), then the rest of the app's.
    expect(scripts.filter((s) => s.startsWith('/assets/catalogs-'))).toEqual([expect.stringMatching(/^\/assets\/catalogs-start-en-US-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/catalogs-en-US-[\w-]+\.js$/)]);
    expect(scripts.filter((s) => /^\/assets\/(common|auth|layout)-[\w-]{8}\.js$/.test(s))).toEqual([]);
    // Nor the mall's catalog (locales/<language>/mall.json, a chunk named mall-<hash>): no seller page uses it.
    expect(scripts.filter((s) => /^\/assets\/mall-(?!api-|root-)[\w-]+\.js$/.test(s))).toEqual([]);
  });

  it(`/login on a desktop needs at most ${JS_BUDGET_GZIP_BYTES.desktopLogin / 1024} KB of gzipped JavaScript`, async () => {
    const page = await open('desktop');
    const scripts = await coldScripts(page, '/login', 'login-submit');
    const { gzip } = summary('/login', scripts);
    expect(gzip).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES.desktopLogin);
    expect(scripts.filter((s) => /echarts|mobile-/.test(s.url)).map((s) => s.url)).toEqual([]);
  });

  it("the entry carries react-router's production build, without its development warnings", async () => {
    const html = await (await fetch(`${baseUrl}/login`)).text();
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const code = await (await fetch(`${baseUrl}${entry}`)).text();
    // The router is there (an error it throws in both builds), its development build's warnings are not.
    expect(code).toContain('useLocation() may be used only in the context of a <Router> component.');
    expect(code).not.toContain('You rendered descendant <Routes>');
  });

  it("React DOM starts from a one-line module of its own, not from the entry's top level (src/lib/react-dom-client.ts)", async () => {
    const page = await open('phone');
    // The stack of the first error React DOM creates as it starts (its sentinel #460), outermost frame last.
    await page.addInitScript({
      content: `{
        const NativeError = Error;
        window.Error = new Proxy(NativeError, {
          apply(target, self, args) {
            const error = Reflect.apply(target, self, args);
            if (!window.__reactDomStart && /Minified React error #460;/.test(String(args[0]))) window.__reactDomStart = error.stack;
            return error;
          },
        });
      }`,
    });
    await page.goto(`${baseUrl}/m/login`);
    await page.locator('input').first().waitFor();
    const stack = await page.evaluate(() => (window as unknown as { __reactDomStart?: string }).__reactDomStart ?? '');
    const files = [...stack.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
    expect(files.length, stack).toBeGreaterThan(1);
    expect(files.filter((file) => file.startsWith('/assets/index-')), stack).toEqual([]);
    const outermost = await (await fetch(`${baseUrl}${files.at(-1)}`)).text();
    expect(outermost.length, files.at(-1)).toBeLessThan(500);
  });

  it("the scripts a first page runs at once carry V8's compile hint; those that load later (a page's own, the chart library) do not", async () => {
    const html = await (await fetch(`${baseUrl}/login`)).text();
    const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const listed = JSON.parse(new RegExp(`<script type="application/json" id="${START_FILES_ID}">(.*?)</script>`, 's').exec(html)![1]) as Record<string, string[]>;
    const start = new Set([...entry, ...Object.values(listed).flat()].filter((file) => file.endsWith('.js')));
    expect(entry.length).toBeGreaterThan(0);
    const page = await open('desktop');
    const loaded: Promise<{ file: string; hinted: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      loaded.push(response.text().then((text) => ({ file: new URL(response.url()).pathname, hinted: text.startsWith(`${COMPILE_HINT}\n`) })));
    });
    await loginDesktop(page, baseUrl, DEMO);
    await page.getByTestId('dashboard-page').waitFor();
    // The charts load their library after the first paint: drawn, its chunk has been loaded.
    await page.getByTestId('traffic-chart').locator('canvas').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(loaded);
    expect(scripts.filter((s) => s.hinted !== start.has(s.file))).toEqual([]);
    // Both kinds were loaded: the start's, and the chart library's chunk after it.
    expect(scripts.filter((s) => s.hinted).length).toBeGreaterThan(10);
    expect(scripts.filter((s) => /\/assets\/echart-/.test(s.file) && !s.hinted)).toHaveLength(1);
  });
});
