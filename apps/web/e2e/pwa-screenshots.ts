/** Screenshots of the login pages, the offline state and the update prompt (not a test): npx tsx apps/web/e2e/pwa-screenshots.ts */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { repoRoot, startServer } from './support/server.ts';
import { settle, shooter } from './support/screenshot-kit.ts';
import { publishBuild } from './support/pwa.ts';

const save = shooter(path.join(repoRoot, 'screenshots/pwa'));
const LANGUAGES = ['en-US', 'tl-PH'] as const;
const LOGIN = { desktop: { path: '/login', testId: 'login-submit' }, phone: { path: '/m/login', testId: 'm-login-submit' } } as const;

async function run() {
  const server = await startServer();
  let build = 1;
  try {
    for (const device of ['desktop', 'phone'] as Device[]) {
      for (const language of LANGUAGES) {
        const context = await launch(device);
        await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
        const page: Page = context.pages()[0] ?? (await context.newPage());
        const { path: loginPath, testId } = LOGIN[device];
        await page.goto(`${server.baseUrl}${loginPath}`);
        await settle(page, 'offline-ready');
        await save(page, `${device}-${language}-login-offline-ready`);
        await page.getByTestId('offline-ready').waitFor({ state: 'detached', timeout: 15_000 });
        await save(page, `${device}-${language}-login`);
        await context.setOffline(true);
        await page.reload();
        await settle(page, 'offline-banner');
        await save(page, `${device}-${language}-offline`);
        await context.setOffline(false);
        publishBuild(server.webDir, ++build);
        await page.reload();
        await page.getByTestId(testId).waitFor();
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        await settle(page, 'update-prompt');
        await save(page, `${device}-${language}-update-prompt`);
        await context.close();
      }
    }
  } finally {
    await server.stop();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
