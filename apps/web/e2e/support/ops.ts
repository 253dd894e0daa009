import type { Page } from 'playwright-core';

/** Puts an operator's session in the page's storage before any of its scripts run, as the console's login leaves it. */
export async function withConsoleSession(page: Page, token: string): Promise<Page> {
  await page.addInitScript((t) => sessionStorage.setItem('opsSession', JSON.stringify({ token: t, expiresAt: new Date(Date.now() + 3_600_000).toISOString() })), token);
  return page;
}
