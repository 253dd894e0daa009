import { afterEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectPath, idleButton, loginDesktop, loginPhone } from './support/app.ts';
import { launch } from './support/browser.ts';
import { operatorToken } from './support/wallet.ts';

const baseUrl = inject('baseUrl');

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
async function context(device: 'desktop' | 'phone'): Promise<BrowserContext> {
  const opened = await launch(device);
  contexts.push(opened);
  return opened;
}

/** The operator's side through the API, as the operator console and `npm run ops` use it. */
async function ops<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await operatorToken(baseUrl);
  const response = await fetch(`${baseUrl}/api/ops${path}`, {
    method,
    headers: { authToken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A phone field of these forms (antd-mobile's Input inside the labelled box). */
const phoneInput = (page: Page, id: string) => page.locator(`#${id}`);

describe('the way back in: register, forgot password, an ended session', () => {
  it('registers a shop on the phone, resets its password from the desktop with an operator-approved link, and sends the closed phone app to login with the reason', async () => {
    const suffix = Date.now().toString(36).slice(-6);
    const seller = { username: `rs${suffix}`, password: 'first-shop-81' };
    const shopName = `Reset Test ${suffix}`;

    // Register on the phone, from the login page's link.
    const phone = await context('phone');
    const phonePage = await phone.newPage();
    await phonePage.goto(`${baseUrl}/m/login`);
    await phonePage.getByTestId('m-login-register').click();
    await expectPath(phonePage, '/m/register');
    await phonePage.getByTestId('m-register-submit').click();
    // Nothing sent with the form empty: every required field says so.
    await expect.poll(() => phonePage.locator('.m-login-error').count()).toBeGreaterThanOrEqual(3);
    await phoneInput(phonePage, 'm-register-shopName').fill(shopName);
    await phoneInput(phonePage, 'm-register-username').fill(seller.username);
    await phoneInput(phonePage, 'm-register-password').fill(seller.password);
    await phoneInput(phonePage, 'm-register-confirmPassword').fill('other123');
    await phonePage.getByTestId('m-register-submit').click();
    await phonePage.getByText('The 2 entered passwords do not match').waitFor();
    await phoneInput(phonePage, 'm-register-confirmPassword').fill(seller.password);
    await phonePage.getByTestId('m-register-submit').click();
    await phonePage.getByTestId('m-register-done').waitFor();
    await phonePage.getByText(`“${shopName}” is registered`).waitFor();

    // Until the operator approves, the login says why instead of "no permission".
    await phonePage.getByTestId('m-register-back').click();
    await loginPhone(phonePage, baseUrl, seller);
    await phonePage.locator('.adm-toast-main').getByText('waiting for the platform', { exact: false }).waitFor();
    await expectPath(phonePage, '/m/login');

    const pending = await ops<{ shopId: number; username: string }[]>('GET', '/registrations?status=pending');
    const registration = pending.find((row) => row.username === seller.username);
    expect(registration).toBeDefined();
    await ops('POST', `/registrations/${registration!.shopId}/approve`, {});
    await loginPhone(phonePage, baseUrl, seller);
    await expectPath(phonePage, '/m/shop');
    // The phone app is closed with its session kept ("remember me").
    await phonePage.close();

    // Forgot password, on the desktop.
    const desktop = await context('desktop');
    const page = await desktop.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-forgot').click();
    await expectPath(page, '/reset-password');
    await page.getByTestId('reset-username').fill(seller.username);
    await page.getByTestId('reset-contact').fill('WhatsApp 0917 000 0000');
    await idleButton(page, 'reset-request-submit').click();
    await page.getByTestId('reset-request-sent').waitFor();

    const requests = await ops<{ id: number; username: string; contact: string }[]>('GET', '/passwordResets?status=pending');
    const request = requests.find((row) => row.username === seller.username);
    expect(request?.contact).toBe('WhatsApp 0917 000 0000');
    const approval = await ops<{ link: string | null }>('POST', `/passwordResets/${request!.id}/approve`);
    expect(approval.link).toMatch(/\/reset-password#token=[\w-]+$/);

    // The one-time link: whose password, then the new one (typed twice).
    await page.goto(approval.link!);
    await page.getByText(`New password for ${seller.username}`, { exact: false }).waitFor();
    await page.getByTestId('reset-new-password').fill('second-shop-82');
    await page.getByTestId('reset-confirm-password').fill('second-shop-83');
    await idleButton(page, 'reset-password-submit').click();
    await page.getByText('The 2 entered passwords do not match').waitFor();
    await page.getByTestId('reset-confirm-password').fill('second-shop-82');
    await idleButton(page, 'reset-password-submit').click();
    await expectPath(page, '/login');
    await page.getByText('Password changed', { exact: false }).waitFor();

    // The old password no longer works; the new one does.
    await loginDesktop(page, baseUrl, seller);
    await page.locator('.ant-message').getByText('wrong username or password', { exact: false }).waitFor();
    await loginDesktop(page, baseUrl, { ...seller, password: 'second-shop-82' });
    await expectPath(page, '/dashboard');

    // A used link says so, and offers to ask again.
    const used = await desktop.newPage();
    await used.goto(approval.link!);
    await used.getByTestId('reset-link-problem').waitFor();

    // The phone app opened again: its session ended while it was closed, so login with the reason.
    const reopened = await phone.newPage();
    await reopened.goto(`${baseUrl}/m/shop`);
    await expectPath(reopened, '/m/login');
    await reopened.locator('.adm-toast-main').getByText('Login expired, please log in again').waitFor();
  });

  it('opens the reset link on the device it is opened on, keeping its token', async () => {
    const phone = await context('phone');
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/reset-password#token=${'x'.repeat(43)}`);
    await expectPath(page, '/m/reset-password');
    expect(new URL(page.url()).hash).toBe(`#token=${'x'.repeat(43)}`);
    // An unknown token: the server's reason, and a way to ask again.
    await page.getByTestId('m-reset-link-problem').waitFor();
  });
});
