/**
 * Screenshots of every route (not a test): desktop 1440×900 and phone 390×844, in en-US and vi-VN,
 * plus the dialogs and drawers of the shells, into screenshots/ (gitignored). Run after a build:
 *   npx tsx apps/web/e2e/screenshots.ts
 * or against a running app: BASE_URL=http://localhost:3000 npx tsx apps/web/e2e/screenshots.ts
 * (ONLY=desktop or ONLY=phone for one tree)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP_PAGES, MOBILE_PAGES } from '../src/lib/route-table.ts';
import { launch, type Device } from './support/browser.ts';
import { DEMO, loginDesktop, loginPhone } from './support/app.ts';
import { repoRoot, startServer } from './support/server.ts';

const OUT = path.join(repoRoot, 'screenshots');
const LANGUAGES = ['en-US', 'vi-VN'] as const;

const fileName = (route: string) => route.replace(/^\//, '').replace(/[/:]/g, '_') || 'root';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(500);
}

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`saved ${path.relative(repoRoot, file)}`);
}

async function open(device: Device, language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launch(device);
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
  }, language);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

async function desktopDialogs(page: Page, baseUrl: string, tag: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-panel').waitFor();
  await shoot(page, `${tag}-notifications`);
  await page.keyboard.press('Escape');
  for (const [item, name] of [['menu-change-password', 'change-password'], ['menu-change-fund-password', 'fund-password']] as const) {
    await page.getByTestId('user-menu').click();
    await page.getByTestId(item).click();
    await page.locator('.ant-modal').waitFor();
    await page.locator('.ant-modal button[type="submit"]').click();
    await shoot(page, `${tag}-${name}`);
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').waitFor({ state: 'detached' });
  }
  await page.getByTestId('settings-button').click();
  await page.getByTestId('theme-dark').click();
  await shoot(page, `${tag}-settings-dark`);
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-form').waitFor({ state: 'hidden' });
  await page.getByTestId('sidebar-toggle').click();
  await shoot(page, `${tag}-dark-collapsed`);
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
}

async function desktop(baseUrl: string, language: string): Promise<void> {
  const { context, page } = await open('desktop', language);
  const tag = `desktop-${language}`;
  try {
    await page.goto(`${baseUrl}/login`);
    await shoot(page, `${tag}-login`);
    await loginDesktop(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
    for (const { path: route } of DESKTOP_PAGES) {
      await page.goto(`${baseUrl}${route}`);
      await shoot(page, `${tag}-${fileName(route)}`);
    }
    await desktopDialogs(page, baseUrl, tag);
  } finally {
    await context.close();
  }
}

async function phoneSheets(page: Page, baseUrl: string, tag: string): Promise<void> {
  await page.goto(`${baseUrl}/m/shop`);
  await page.getByTestId('m-bell').click();
  await page.getByTestId('m-drawer').waitFor();
  await shoot(page, `${tag}-notifications`);
  await page.goto(`${baseUrl}/m/profile`);
  await page.getByTestId('m-change-password').click();
  await page.getByTestId('m-password-submit').click();
  await shoot(page, `${tag}-change-password`);
  await page.goto(`${baseUrl}/m/profile`);
  await page.getByTestId('m-change-fund-password').click();
  await page.getByTestId('m-fund-password-form').waitFor();
  await shoot(page, `${tag}-fund-password`);
}

async function phone(baseUrl: string, language: string): Promise<void> {
  const { context, page } = await open('phone', language);
  const tag = `phone-${language}`;
  try {
    await page.goto(`${baseUrl}/m/login`);
    await shoot(page, `${tag}-login`);
    await loginPhone(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/m/shop', { timeout: 20_000 });
    for (const { path: route } of MOBILE_PAGES) {
      await page.goto(`${baseUrl}${route.replace(':id', '1')}`);
      await shoot(page, `${tag}-${fileName(route)}`);
    }
    await phoneSheets(page, baseUrl, tag);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
  try {
    // ONLY=desktop or ONLY=phone takes one tree's screenshots.
    for (const language of LANGUAGES) {
      if (process.env.ONLY !== 'phone') await desktop(baseUrl, language);
      if (process.env.ONLY !== 'desktop') await phone(baseUrl, language);
    }
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
