/**
 * Screenshots of the reward activity pages (not a test): desktop 1440×900 and phone 390×844, in
 * en-US and vi-VN, into screenshots/rewards/. Run after a build:
 *   npx tsx apps/web/e2e/rewards-screenshots.ts
 * The demo shop first receives a couple request from the second seller (shown waiting for an
 * answer), then agrees and tops up enough to reach a couple tier (shown linked).
 */
import path from 'node:path';
import { DEMO, SELLER2 } from './support/app.ts';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { apiCall, approvedTopUp, sellerLogin } from './support/rewards.ts';

const OUT = path.join(repoRoot, 'screenshots/rewards');
const shoot = shooter(OUT);

async function desktop(baseUrl: string, language: string, stage: string): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    if (stage === 'request') {
      await page.goto(`${baseUrl}/marketing/vip-activity`);
      await settle(page, 'vip-tiers');
      await shoot(page, `${tag}-vip-activity`);
      await page.getByTestId('claim-vip-1').click();
      await page.locator('.ant-modal-confirm').waitFor();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-vip-claim-confirm`, false);
      await page.keyboard.press('Escape');
    }
    await page.goto(`${baseUrl}/marketing/activity`);
    await settle(page, 'couple-panel');
    // The language's date and kit locales load after the first paint and re-render the page once.
    await page.waitForTimeout(1200);
    await settle(page, 'couple-panel');
    await shoot(page, `${tag}-activity-${stage}`);
  });
}

async function phone(baseUrl: string, language: string, stage: string): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    if (stage === 'request') {
      await page.goto(`${baseUrl}/m/vip-activity`);
      await settle(page, 'm-vip-tiers');
      await shoot(page, `${tag}-vip-activity`);
      await shoot(page, `${tag}-vip-activity-full`, true);
    }
    await page.goto(`${baseUrl}/m/activity`);
    await settle(page, 'm-couple-tiers');
    await shoot(page, `${tag}-activity-${stage}`);
    await page.goto(`${baseUrl}/m/activity-center`);
    await settle(page, 'm-centre-claimable');
    await shoot(page, `${tag}-activity-center-${stage}`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  const demo = await sellerLogin(baseUrl, DEMO);
  const second = await sellerLogin(baseUrl, SELLER2);
  const request = await apiCall<{ request: { requestId: number } }>(baseUrl, 'POST', '/marketing/couple/apply', second.token, { shopId: demo.shopId });
  for (const language of SCREENSHOT_LANGUAGES) {
    await desktop(baseUrl, language, 'request');
    await phone(baseUrl, language, 'request');
  }
  await apiCall(baseUrl, 'POST', '/marketing/couple/respond', demo.token, { requestId: request.request.requestId, accept: true });
  await approvedTopUp(baseUrl, demo.token, 12_000);
  for (const language of SCREENSHOT_LANGUAGES) {
    await desktop(baseUrl, language, 'linked');
    await phone(baseUrl, language, 'linked');
  }
});
