import { afterEach, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
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

/** The amount in the first element of a test id, in cents: its digits ("−5.00 USDT" → 500). */
export async function centsShown(scope: Page | Locator, testId: string): Promise<number> {
  return Number(((await scope.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));
}

/**
 * A `datetime-local` value for now plus `offsetMs`, to the minute, in the page's time zone (the one
 * the form reads it in): a promotion saved with the current minute as its start is already running.
 */
export function localDateTime(page: Page, offsetMs = 0): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, offsetMs);
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

/**
 * Clicks `target` until `shown` appears (each click waits up to 5 s for it), again only while
 * `target` is still there: under load a click in an antd dialog that is still zooming in can be lost
 * (seen in CI in the batch edit, refund and console confirmation dialogs), and a confirmation that
 * did go through closes its dialog, so it is not clicked twice. It first waits for either to be on
 * the page: a round that finds `target` not rendered yet would spend its 5 s without a click.
 */
export async function clickUntilShown(target: Locator, shown: Locator): Promise<void> {
  const visible = (locator: Locator) => locator.isVisible().catch(() => false);
  await expect.poll(async () => (await visible(target)) || (await visible(shown)), { timeout: 30_000, interval: 100 }).toBe(true);
  await expect
    .poll(
      async () => {
        if (await target.isVisible()) await target.click({ timeout: 5_000 }).catch(() => undefined);
        return shown.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

/**
 * Shows an optional column of a desktop table through its "Columns" chooser and waits for `shown`
 * (something only that column renders). A click on the chooser's checkbox while its popover still
 * zooms in can be lost under load (seen in CI), so the chooser is opened again as needed, and the
 * checkbox is clicked only while it is unchecked: a toggle must not be undone by a retry.
 */
export async function showColumn(page: Page, tableId: string, key: string, shown: Locator): Promise<void> {
  const box = page.getByTestId(`${tableId}-column-${key}`);
  await expect
    .poll(
      async () => {
        if (!(await box.isVisible())) await page.getByTestId(`${tableId}-columns`).click();
        if (!(await box.isChecked())) await box.click();
        return shown.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  await page.keyboard.press('Escape');
}
