import { afterEach } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch, type Device } from './browser.ts';

/**
 * One browser per test: call at the top of a test file, then `await open('phone')` in a test gives
 * the page of a fresh Chromium at that device's size, closed again after the test.
 */
export function pageOpener(): (device: Device) => Promise<Page> {
  let context: BrowserContext | null = null;
  afterEach(async () => {
    await context?.close();
    context = null;
  });
  return async (device) => {
    await context?.close();
    context = await launch(device);
    return context.pages()[0] ?? (await context.newPage());
  };
}

/**
 * Chooses a language in the desktop header's menu and waits until the page says it is in use. The
 * dropdown opens with an animation; a click that lands while it is still moving (seen on a busy CI
 * machine) is tried again rather than failing the test on the next text it looks for.
 */
export async function chooseDesktopLanguage(page: Page, language: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('language-switcher').click();
    await page.getByTestId(`language-${language}`).click();
    try {
      await page.waitForFunction((lang) => document.documentElement.lang === lang && localStorage.getItem('language') === lang, language, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}
