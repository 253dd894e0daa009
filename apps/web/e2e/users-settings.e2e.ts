import { afterAll, describe, expect, inject, it } from 'vitest';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone, shopRoleId } from './support/app.ts';
import { DEMO_FUND_PASSWORD, removeTinyPngs, TEST_WALLET_ADDRESS, writeTinyPng } from './support/wallet.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

async function api<T>(method: 'GET' | 'POST', pathName: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.authToken = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${pathName}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; data: T };
  if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${pathName} answered ${response.status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const demoToken = () => api<{ token: string }>('POST', '/api/sellAuth/login', null, { username: DEMO.username, password: Buffer.from(DEMO.password).toString('base64') }).then((r) => r.token);

// The demo shop is shared by every browser test: put its name, contacts and logo back afterwards.
let original: { shopName: string; whatsapp: string; zalo: string; facebook: string } | null = null;
afterAll(async () => {
  removeTinyPngs();
  if (!original) return;
  const token = await demoToken();
  await api('POST', '/api/shop/update', token, original);
  await api('POST', '/api/shop/logo/remove', token, { target: 'shop' });
});

async function rememberShop(): Promise<void> {
  if (original) return;
  const info = await api<{ shopName: string; whatsapp: string; zalo: string; facebook: string }>('GET', '/api/shop/info', await demoToken());
  original = { shopName: info.shopName, whatsapp: info.whatsapp, zalo: info.zalo, facebook: info.facebook };
}

const uniqueClerk = () => `clerk${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;

/** An operations member of the demo shop (orders, products, refunds, reviews; no wallet, settings or users). */
async function addOperationsMember(username: string, name: string): Promise<void> {
  const token = await demoToken();
  await api('POST', '/api/users/add', token, { username, password: Buffer.from('front-desk-57').toString('base64'), name, email: '', roleId: await shopRoleId(baseUrl, token, 'operations') });
}

const WALLET_DENIED = 'it needs “View” for Wallet and withdrawals';

describe('shop settings and users on the desktop (1440×900)', () => {
  it('changes the shop name and logo, and the header follows at once; bad input gets the rule messages', async () => {
    await rememberShop();
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/settings/shop`);
    const name = page.getByTestId('shop-name-input');
    await name.waitFor();
    await expect(name.inputValue()).resolves.toBe(original!.shopName);

    await name.fill('S');
    await page.getByTestId('shop-whatsapp-input').fill('+84 90');
    await page.getByTestId('shop-settings-save').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'The shop name must be 2 to 50 characters' }).waitFor();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Digits only, at most 20' }).waitFor();
    await expect.poll(() => page.getByTestId('shop-name').textContent()).toBe(original!.shopName);

    await name.fill('Sunrise Goods Plus');
    await page.getByTestId('shop-whatsapp-input').fill('84901234567');
    await page.getByTestId('shop-facebook-input').fill('Sunrise Goods Official');
    await page.getByTestId('shop-settings-save').click();
    await expect.poll(() => page.getByTestId('shop-name').textContent(), { timeout: 15_000 }).toBe('Sunrise Goods Plus');

    // Logo: choose a PNG, crop it square, save; the header's logo is the stored one.
    await page.getByTestId('shop-logo-setting').locator('input[type="file"]').setInputFiles(writeTinyPng());
    await page.getByTestId('shop-logo-setting-crop').waitFor();
    // The picture is drawn on the crop canvas as the dialog opens (not a blank square).
    const drawn = () => page.getByTestId('shop-logo-setting-crop').evaluate((canvas: HTMLCanvasElement) => canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data.some((v, i) => i % 4 === 3 && v > 0));
    await expect.poll(drawn).toBe(true);
    const upload = page.waitForResponse((r) => r.url().includes('/api/shop/logo') && r.request().method() === 'POST');
    await page.getByTestId('shop-logo-setting-crop-save').click();
    expect((await upload).status()).toBe(200);
    await expect
      .poll(() => page.getByTestId('shop-logo').locator('img').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/api\/shop\/logos\/[0-9a-f]{32}\.png$/);
    const src = (await page.getByTestId('shop-logo').locator('img').getAttribute('src'))!;
    const served = await fetch(`${baseUrl}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Reloaded, the header still shows the saved name.
    await page.reload();
    await expect.poll(() => page.getByTestId('shop-name').textContent(), { timeout: 15_000 }).toBe('Sunrise Goods Plus');
  });

  it('adds an ordinary user, who logs in and finds users refused and the withdrawal refused as "no permission"', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/users`);
    await page.getByTestId('users-table').waitFor();
    const username = uniqueClerk();
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-username-input').fill(username);
    await page.getByTestId('user-password-input').fill('clerk123');
    await page.getByTestId('user-name-input').fill('Front Desk');
    await page.getByTestId('user-email-input').fill('not-an-email');
    await page.getByTestId('user-dialog-save').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Enter a valid email address' }).waitFor();
    await page.getByTestId('user-email-input').fill('desk@example.com');
    await page.getByTestId('user-dialog-save').click();
    // The server's strength estimator refuses a guessable password and says why.
    await page.getByText('This password is too easy to guess: it is too short for its mix of characters', { exact: false }).waitFor();
    await page.getByTestId('user-password-input').fill('front-desk-57');
    await page.getByTestId('user-dialog-save').click();
    const row = page.getByTestId('users-table').locator('tbody tr', { hasText: username });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Operations');

    // An operations member: no users, wallet or finance in the menu; those pages say which permission is missing.
    const clerk = await open('desktop');
    await loginDesktop(clerk, baseUrl, { username, password: 'front-desk-57' });
    await expectPath(clerk, '/dashboard');
    await clerk.getByRole('menuitem').filter({ hasText: 'Orders' }).first().waitFor();
    for (const entry of ['Users', 'Wallet', 'Finance', 'Transactions']) expect(await clerk.getByRole('menuitem').filter({ hasText: entry }).count(), entry).toBe(0);
    await clerk.goto(`${baseUrl}/users`);
    await clerk.getByTestId('page-denied').getByText('it needs “View” for Users and roles').waitFor();
    await clerk.goto(`${baseUrl}/wallet`);
    await clerk.getByTestId('page-denied').getByText(WALLET_DENIED).waitFor();
    expect(await clerk.getByTestId('wallet-withdraw').count()).toBe(0);
    // The shop settings are read-only for them, with the reason.
    await clerk.goto(`${baseUrl}/settings/shop`);
    await clerk.getByTestId('settings-admin-only').getByText('it needs “View and edit” for Shop settings').waitFor();
    await expect(clerk.getByTestId('shop-name-input').isDisabled()).resolves.toBe(true);

    // The admin deactivates them after a confirmation drawn with the app's theme (its error red
    // #cf1322, not antd's default #ff4d4f that a dialog outside the app's provider would take).
    const admin = await open('desktop');
    await loginDesktop(admin, baseUrl, DEMO);
    await expectPath(admin, '/dashboard');
    await admin.goto(`${baseUrl}/users`);
    const clerkRow = admin.getByTestId('users-table').locator('tbody tr', { hasText: username });
    await clerkRow.getByTestId('user-deactivate').click();
    const confirm = admin.getByTestId('confirm-user-status');
    await confirm.waitFor();
    expect(await confirm.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(207, 19, 34)');
    await confirm.click();
    await expect.poll(() => clerkRow.textContent()).toContain('Inactive');
  });
});

describe('dialogs close with Escape on the desktop', () => {
  // A dialog rendered while hidden (antd's forceRender) stayed on the kit's stack of open layers, on
  // top of the one shown, and took the Escape key: the settings dialog (its logo crop dialogs) and
  // the users page (its edit and reset dialogs) did not close with it. So did the header gear's
  // tooltip, shown above the dialog it had just opened.
  it('closes the settings dialog, also after a theme switch, and the users page dialogs', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    const settings = page.getByTestId('settings-form');
    // Escape at once, while the pointer still rests on the gear: its tooltip, shown above the dialog,
    // took the key and the dialog stayed open.
    for (const pause of [0, 50]) {
      await page.getByTestId('settings-button').click();
      await settings.waitFor();
      await page.waitForTimeout(pause);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden', timeout: 5_000 });
    }
    // The gear still names itself when the pointer comes back.
    await page.mouse.move(0, 400);
    await page.getByTestId('settings-button').hover();
    await page.getByRole('tooltip', { name: 'Settings' }).waitFor();
    for (const theme of ['theme-dark', 'theme-light'] as const) {
      await page.getByTestId('settings-button').click();
      await page.getByTestId(theme).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme === 'theme-dark' ? 'dark' : 'light');
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden', timeout: 5_000 });
    }

    await page.goto(`${baseUrl}/users`);
    await page.getByTestId('users-table').waitFor();
    for (const [opener, field] of [
      ['user-add', 'user-username-input'],
      ['user-edit', 'user-name-input'],
      ['user-reset-password', 'reset-password-input'],
    ] as const) {
      await page.getByTestId(opener).first().click();
      await page.getByTestId(field).waitFor();
      // Rendered only when first opened, the edit dialog still shows the user it edits.
      if (opener === 'user-edit') await expect.poll(() => page.getByTestId('user-username-input').inputValue()).toBe(await page.getByTestId('user-username').first().textContent());
      await page.keyboard.press('Escape');
      await page.getByTestId(field).waitFor({ state: 'hidden', timeout: 5_000 });
    }
  });
});

describe('shop info and users on the phone (390×844)', () => {
  it('reaches shop info from the profile, changes the name and logo, and the shop card follows', async () => {
    await rememberShop();
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/profile`);
    await page.getByTestId('m-profile').getByText('Account info').click();
    await expectPath(page, '/m/user-info');
    const name = page.getByTestId('m-shop-name-input').locator('input');
    await name.waitFor();
    await name.fill('X');
    await page.getByTestId('m-shop-settings-save').click();
    await page.getByText('The shop name must be 2 to 50 characters').waitFor();
    await name.fill('Sunrise Mobile');
    await page.getByTestId('m-shop-settings-save').click();
    await page.getByText('Shop settings saved').waitFor();

    await page.getByTestId('m-shop-logo-file').setInputFiles(writeTinyPng());
    await page.getByTestId('m-shop-logo-crop').waitFor();
    await page.getByTestId('m-shop-logo-crop-save').click();
    await expect.poll(() => page.getByTestId('m-shop-logo-preview').getAttribute('src'), { timeout: 15_000 }).toMatch(/^\/api\/shop\/logos\//);

    await page.goto(`${baseUrl}/m/shop`);
    await expect.poll(() => page.getByTestId('m-shop-card').textContent(), { timeout: 15_000 }).toContain('Sunrise Mobile');
    await expect(page.getByTestId('m-shop-card').locator('img').getAttribute('src')).resolves.toMatch(/^\/api\/shop\/logos\//);
  });

  it('manages users at /m/users: /users lands there, add with the rules, edit the role, deactivate after a confirmation', async () => {
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    // A desktop link to /users reaches its phone twin, filters kept (it used to land on the shop home).
    await page.goto(`${baseUrl}/users?status=active`);
    await expectPath(page, '/m/users?status=active');
    await page.getByTestId('m-users').waitFor();
    await page.goto(`${baseUrl}/m/profile`);
    await page.getByTestId('m-profile-users').click();
    await expectPath(page, '/m/users');
    await page.getByTestId('m-user').first().waitFor();

    const username = uniqueClerk();
    await page.getByTestId('m-user-add').click();
    const form = page.getByTestId('m-user-form');
    await form.waitFor();
    await page.getByTestId('m-user-username-input').locator('input').fill(username);
    await page.getByTestId('m-user-password-input').locator('input').fill('123');
    await page.getByTestId('m-user-email-input').locator('input').fill('not-an-email');
    await page.getByTestId('m-user-form-submit').click();
    await form.getByText('Enter a valid email address').waitFor();
    await form.getByText('Password must be 6 to 20 characters').waitFor();
    await page.getByTestId('m-user-password-input').locator('input').fill('front-desk-57');
    await page.getByTestId('m-user-email-input').locator('input').fill('phone@example.com');
    await page.getByTestId('m-user-form-submit').click();
    await page.getByText(`User ${username} added`).waitFor();
    await form.waitFor({ state: 'hidden' });

    // Found by its name, made an administrator from the sheet of actions.
    const search = page.getByTestId('m-users-keyword').locator('input');
    await search.fill(username);
    await search.press('Enter');
    await expectPath(page, `/m/users?keyword=${username}`);
    const line = page.getByTestId('m-user').filter({ hasText: username });
    await expect.poll(() => line.textContent()).toContain('Operations');
    await line.click();
    await page.getByTestId('m-user-sheet').getByText('Edit').click();
    await expect.poll(() => page.getByTestId('m-user-username-input').locator('input').inputValue()).toBe(username);
    await page.getByTestId('m-user-role').getByText('Administrator').click();
    await page.getByTestId('m-user-form-submit').click();
    await page.getByText(`User ${username} updated`).waitFor();
    await expect.poll(() => line.textContent()).toContain('Administrator');
    expect((await api<{ list: { username: string; roleKey: string }[] }>('GET', `/api/users/list?keyword=${username}`, await demoToken())).list[0].roleKey).toBe('admin');

    // Deactivated after a confirmation; the status filter then finds them among the inactive.
    await line.click();
    await page.getByTestId('m-user-sheet').getByText('Deactivate').click();
    await page.getByText(`Deactivate ${username}?`).waitFor();
    await page.locator('.adm-dialog-button').filter({ hasText: 'Deactivate' }).click();
    await page.getByText(`User ${username} deactivated`).waitFor();
    await page.goto(`${baseUrl}/m/users?status=inactive&keyword=${username}`);
    await expect.poll(() => page.getByTestId('m-user').filter({ hasText: username }).textContent()).toContain('Inactive');
  });

  it('reads the activity log on the phone from the profile and filters it by member; /dashboard/activity lands there', async () => {
    const username = uniqueClerk();
    await addOperationsMember(username, 'Log Clerk');
    const page = await open('phone');
    await loginPhone(page, baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/profile`);
    await page.getByTestId('m-profile-activity-log').click();
    await expectPath(page, '/m/activity-log');
    // The member just added is among the newest lines, by the owner.
    const added = page.getByTestId('m-activity-line').filter({ hasText: username });
    await added.first().waitFor();
    expect(await added.first().getByTestId('m-activity-who').textContent()).toBe(DEMO.username);

    await page.getByTestId('m-activity-filter-user').click();
    await page.locator('.adm-selector-item').filter({ hasText: `${username} (Log Clerk)` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('userId')).toMatch(/^\d+$/);
    await page.getByTestId('m-activity-log-empty').waitFor();
    await page.getByTestId('m-activity-filter-user').click();
    await page.locator('.adm-selector-item').filter({ hasText: new RegExp(`^${DEMO.username}( \\(|$)`) }).click();
    await expect.poll(() => page.getByTestId('m-activity-who').allTextContents()).not.toHaveLength(0);
    expect(new Set(await page.getByTestId('m-activity-who').allTextContents())).toEqual(new Set([DEMO.username]));

    // The desktop's address opens the phone's twin, filters kept.
    await page.goto(`${baseUrl}/dashboard/activity?action=user_added`);
    await expectPath(page, '/m/activity-log?action=user_added');
  });

  it('tells an operations member at /m/users which permission managing users needs', async () => {
    const username = uniqueClerk();
    await addOperationsMember(username, '');
    const page = await open('phone');
    await loginPhone(page, baseUrl, { username, password: 'front-desk-57' });
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/profile`);
    await page.getByTestId('m-change-password').waitFor();
    expect(await page.getByTestId('m-profile-users').count()).toBe(0);
    await page.goto(`${baseUrl}/m/users`);
    await page.getByTestId('m-page-denied').getByText('it needs “View” for Users and roles').waitFor();
    expect(await page.getByTestId('m-user').count()).toBe(0);
  });

  it('an operations member finds no withdrawal and no payment-password entry, and the server refuses the withdrawal by name', async () => {
    const username = uniqueClerk();
    await addOperationsMember(username, 'Phone Clerk');
    const page = await open('phone');
    await loginPhone(page, baseUrl, { username, password: 'front-desk-57' });
    await expectPath(page, '/m/shop');
    await page.goto(`${baseUrl}/m/profile`);
    await page.getByTestId('m-change-password').waitFor();
    await expect(page.getByTestId('m-change-fund-password').count()).resolves.toBe(0);
    await expect(page.getByText('Withdraw', { exact: true }).count()).resolves.toBe(0);
    await page.goto(`${baseUrl}/m/withdraw`);
    await page.getByTestId('m-page-denied').getByText(WALLET_DENIED).waitFor();
    // Sent anyway, the withdrawal is refused with the permission it needs.
    const answer = await fetch(`${baseUrl}/api/wallet/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authToken: (await api<{ token: string }>('POST', '/api/sellAuth/login', null, { username, password: Buffer.from('front-desk-57').toString('base64') })).token },
      body: JSON.stringify({ method: 'crypto', network: 'TRC20', address: TEST_WALLET_ADDRESS, amount: 100, fundPassword: Buffer.from(DEMO_FUND_PASSWORD).toString('base64') }),
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: string }).error).toBe('PERMISSION_DENIED');
  });
});
