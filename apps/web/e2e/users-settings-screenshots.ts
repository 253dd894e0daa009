/**
 * Screenshots of the users and settings pages (not a test): desktop 1440×900 and phone 390×844, in
 * en-US and ja-JP, into screenshots/users-settings/. Run after a build:
 *   npx tsx apps/web/e2e/users-settings-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { writeTinyPng, removeTinyPngs } from './support/wallet.ts';
import { shopRoleId } from './support/app.ts';

const OUT = path.join(repoRoot, 'screenshots/users-settings');
const LANGUAGES = ['en-US', 'ja-JP'] as const;
const shoot = shooter(OUT);

/** A second user in the demo shop, so the list has more than the owner (added once, through the API). */
async function ensureStaff(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/sellAuth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: Buffer.from('demo123').toString('base64') }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  for (const [username, name, role] of [
    ['lan.pham', 'Lan Pham', 'admin'],
    ['minh.tran', 'Minh Tran', 'operations'],
  ] as const) {
    await fetch(`${baseUrl}/api/users/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authToken: token },
      body: JSON.stringify({ username, password: Buffer.from('desk-lamp-93').toString('base64'), name, email: `${username}@shopdesk.example`, roleId: await shopRoleId(baseUrl, token, role) }),
    });
  }
}

async function desktop(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    await page.goto(`${baseUrl}/settings/shop`);
    await settle(page, 'shop-settings-form');
    await shoot(page, `${tag}-shop-settings`);
    await page.getByTestId('shop-name-input').fill('S');
    await page.getByTestId('shop-whatsapp-input').fill('+84 90');
    await page.getByTestId('shop-settings-save').click();
    await page.waitForTimeout(500);
    await shoot(page, `${tag}-shop-settings-errors`);
    await page.reload();
    await settle(page, 'shop-settings-form');
    await page.getByTestId('shop-logo-setting').locator('input[type="file"]').setInputFiles(writeTinyPng());
    await settle(page, 'shop-logo-setting-crop');
    await shoot(page, `${tag}-logo-crop`);
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/settings/index`);
    await settle(page, 'system-settings-page');
    await shoot(page, `${tag}-general-settings`);

    await page.goto(`${baseUrl}/users`);
    await settle(page, 'users-table');
    await shoot(page, `${tag}-users`);
    await page.getByTestId('user-add').click();
    await settle(page, 'user-username-input');
    await shoot(page, `${tag}-user-add`);
    await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => page.waitForTimeout(800));
    await page.getByTestId('user-reset-password').first().click();
    await settle(page, 'reset-password-input');
    await shoot(page, `${tag}-user-reset-password`);
  });
}

async function phone(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    await page.goto(`${baseUrl}/m/profile`);
    await settle(page, 'm-profile');
    await shoot(page, `${tag}-profile`);
    await page.goto(`${baseUrl}/m/user-info`);
    await settle(page, 'm-shop-settings');
    await shoot(page, `${tag}-user-info`);
    await shoot(page, `${tag}-user-info-full`, true);
    await page.getByTestId('m-shop-logo-file').setInputFiles(writeTinyPng());
    await settle(page, 'm-shop-logo-crop');
    await shoot(page, `${tag}-logo-crop`);

    await page.goto(`${baseUrl}/m/users`);
    await settle(page, 'm-user');
    await shoot(page, `${tag}-users`);
    await page.getByTestId('m-user').first().click();
    await settle(page, 'm-user-sheet');
    await shoot(page, `${tag}-user-actions`);
    await page.getByTestId('m-user-sheet').locator('.adm-action-sheet-button-item').first().click();
    await settle(page, 'm-user-form');
    await shoot(page, `${tag}-user-edit`);
    await page.goto(`${baseUrl}/m/users`);
    await settle(page, 'm-user');
    await page.getByTestId('m-user-add').click();
    await settle(page, 'm-user-form');
    await page.getByTestId('m-user-form-submit').click();
    await page.waitForTimeout(500);
    await shoot(page, `${tag}-user-add-errors`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  try {
    await ensureStaff(baseUrl);
    for (const language of LANGUAGES) {
      await desktop(baseUrl, language);
      await phone(baseUrl, language);
    }
  } finally {
    removeTinyPngs();
  }
});
