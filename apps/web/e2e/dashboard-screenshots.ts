/**
 * Screenshots of the dashboard, shop health and activity log (not a test): desktop 1440×900 and
 * phone 390×844, in en-US and th-TH, into screenshots/dashboard/. Run after a build:
 *   WEB_DIST=… npx tsx apps/web/e2e/dashboard-screenshots.ts
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';

const OUT = path.join(repoRoot, 'screenshots/dashboard');
const LANGUAGES = ['en-US', 'th-TH'] as const;
const shoot = shooter(OUT);

async function shootScrolled(page: Page, name: string): Promise<void> {
  for (const [i, y] of [0, 850, 1700, 2550].entries()) {
    await page.evaluate((top) => {
      window.scrollTo(0, top);
      document.querySelectorAll('main, .ant-layout-content').forEach((el) => el.scrollTo(0, top));
    }, y);
    await page.waitForTimeout(500);
    await shoot(page, `${name}-${i + 1}`, false);
  }
}

async function desktop(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    await settle(page, 'traffic-chart');
    await settle(page, 'ranking-viewed');
    await page.waitForTimeout(1200); // the charts' drawing animation
    // Viewport-high shots, scrolled: a whole-page capture of this tall page with canvases comes out blank.
    await shootScrolled(page, `${tag}-dashboard`);
    await page.getByTestId('window-30').click();
    await page.waitForURL((url) => url.searchParams.get('window') === '30');
    await settle(page, 'traffic-chart');
    await page.waitForTimeout(1200);
    await shoot(page, `${tag}-dashboard-30`, false);
    await page.goto(`${baseUrl}/dashboard/health`);
    await settle(page, 'credit-history');
    await shoot(page, `${tag}-health`);
    await page.goto(`${baseUrl}/dashboard/activity`);
    await settle(page, 'activity-log-table');
    await shoot(page, `${tag}-activity`);
  });
}

async function phone(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    await settle(page, 'm-traffic-views');
    await page.waitForTimeout(3000); // the welcome toast
    await shoot(page, `${tag}-shop`);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForTimeout(400);
    await shoot(page, `${tag}-shop-middle`);
    await shoot(page, `${tag}-shop-full`, true);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  for (const language of LANGUAGES) {
    await desktop(baseUrl, language);
    await phone(baseUrl, language);
  }
});
