/** Shared plumbing of the screenshot scripts (not tests): waiting, saving, signed-in sessions, the run. */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launch, type Device } from './browser.ts';
import { DEMO, loginDesktop, loginPhone } from './app.ts';
import { repoRoot, startServer } from './server.ts';

export const SCREENSHOT_LANGUAGES = ['en-US', 'vi-VN'] as const;

/** Waits for an element by test id, then for the network and animations to calm down. */
export async function settle(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
}

/**
 * A whole page without Playwright's `fullPage`: in Chromium that capture shrinks the window to 1×1
 * for a moment, the app's device switch (SPEC §2, narrower than 768 = phone) takes it for a phone
 * and remounts the app under /m/… and back, so the shot could catch an empty page. The window is
 * grown to the page's height instead (a resize the app sees as a desktop), shot, then restored.
 */
async function shootWhole(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return void (await page.screenshot({ path: file, fullPage: true }));
  const height = () => page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
  try {
    for (let i = 0, h = await height(); i < 3 && h > (page.viewportSize()?.height ?? 0); i++, h = await height()) {
      await page.setViewportSize({ width: viewport.width, height: h });
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: file });
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** A saver into `outDir`: desktop pages whole, phone pages as the phone shows them. */
export function shooter(outDir: string) {
  return async (page: Page, name: string, fullPage = !name.startsWith('phone')): Promise<void> => {
    const file = path.join(outDir, `${name}.png`);
    if (fullPage) await shootWhole(page, file);
    else await page.screenshot({ path: file });
    console.log(`saved ${path.relative(repoRoot, file)}`);
  };
}

/** A browser signed in as the demo seller, in `language`, on the device's home page. */
export async function demoSession(baseUrl: string, device: Device, language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launch(device, { scale: device === 'phone' ? 2 : 1 });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = context.pages()[0] ?? (await context.newPage());
  if (device === 'desktop') {
    await loginDesktop(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
  } else {
    await loginPhone(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/m/shop', { timeout: 20_000 });
  }
  return { context, page };
}

/**
 * A demo session on the device in `language` for `steps`, with the file-name tag of its shots
 * (`phone-vi-VN`), closed after them whatever happens.
 */
export async function inDemoSession(baseUrl: string, device: Device, language: string, steps: (page: Page, tag: string) => Promise<void>): Promise<void> {
  const { context, page } = await demoSession(baseUrl, device, language);
  try {
    await steps(page, `${device}-${language}`);
  } finally {
    await context.close();
  }
}

/** Runs `shoot` against BASE_URL, or against a server of its own, and sets the exit code on failure. */
export function runScreenshots(outDir: string, shoot: (baseUrl: string) => Promise<void>): void {
  const run = async () => {
    fs.mkdirSync(outDir, { recursive: true });
    const server = process.env.BASE_URL ? null : await startServer();
    const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
    try {
      await shoot(baseUrl);
    } finally {
      await server?.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
