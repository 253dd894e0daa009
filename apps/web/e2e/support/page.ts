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
