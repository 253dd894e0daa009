import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO = { username: 'demo', password: 'demo123' } as const;
export const SELLER2 = { username: 'seller2', password: 'seller123' } as const;

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page is at `path` (pathname plus query). */
export async function expectPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout });
  expect(pathOf(page)).toBe(path);
}

/**
 * An antd button that is not loading. antd's button ignores a click while it loads, and after a
 * refused request the error shows a moment before the button leaves that state (TanStack Query
 * calls the error handlers first), so a click made right after the error waits on this.
 */
export const idleButton = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:not(.ant-btn-loading)`);

/**
 * Fills the desktop login form and submits it, once the button no longer loads from a refused login
 * before (seen in CI under load: the click was ignored and the next login never left /login).
 */
export async function loginDesktop(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  await idleButton(page, 'login-submit').click();
}

export async function loginPhone(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  if (new URL(page.url()).pathname !== '/m/login') await page.goto(`${baseUrl}/m/login`);
  await page.getByTestId('m-login-username').locator('input').fill(user.username);
  await page.getByTestId('m-login-password').locator('input').fill(user.password);
  await page.getByTestId('m-login-submit').click();
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** POSTs to the API as the browser tests' own client: the envelope, with the HTTP status. */
async function postApi(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authToken: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as { code: number; data: { token?: string } | null } };
}

/** The token of a seller's new session, or an error naming the refusal. */
async function loginToken(baseUrl: string, username: string, password: string): Promise<string | undefined> {
  const login = await postApi(baseUrl, '/sellAuth/login', { username, password: b64(password) });
  if (login.envelope.code !== 0) throw new Error(`login of ${username} answered ${login.status}`);
  return login.envelope.data?.token;
}

/** The id of one of the shop's roles: a default one by its key, or the shop's own by its name. */
export async function shopRoleId(baseUrl: string, token: string | undefined, keyOrName: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/users/roles`, { headers: { authToken: token ?? '' } });
  const envelope = (await response.json()) as { data: { list: { roleId: number; key: string | null; name: string }[] } };
  const role = envelope.data.list.find((r) => (r.key ?? r.name) === keyOrName);
  if (!role) throw new Error(`the shop has no role ${keyOrName}`);
  return role.roleId;
}

/**
 * A new operations member of the admin's shop, added through the API with a password the strength
 * estimator accepts: a test that changes a login password changes this user's, so the shared
 * demo accounts keep theirs (setting a guessable demo password again would be refused).
 */
export async function addShopUser(baseUrl: string, admin: { username: string; password: string }): Promise<{ username: string; password: string }> {
  const token = await loginToken(baseUrl, admin.username, admin.password);
  const user = { username: `st${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 100)}`, password: 'tidal-lamp-58' };
  const roleId = await shopRoleId(baseUrl, token, 'operations');
  const added = await postApi(baseUrl, '/users/add', { username: user.username, password: b64(user.password), name: '', email: '', roleId }, token);
  if (added.envelope.code !== 0) throw new Error(`POST /users/add answered ${added.status}`);
  return user;
}

/**
 * Puts a seller's fund password back to `wanted` through the API when a test left it at `current`
 * (a no-op when it is already `wanted`), so one failing test cannot break the purchases of the next.
 */
export async function restoreFundPassword(baseUrl: string, user: { username: string; password: string }, current: string, wanted: string): Promise<void> {
  const token = await loginToken(baseUrl, user.username, user.password);
  const changed = await postApi(baseUrl, '/sellAuth/updatePassword', { fundPassword: b64(current), newPwd: b64(wanted) }, token);
  if (changed.envelope.code === 0) return;
  // Refused: either it is already `wanted` (the check below passes) or something else is wrong.
  const same = await postApi(baseUrl, '/sellAuth/updatePassword', { fundPassword: b64(wanted), newPwd: b64(wanted) }, token);
  if (same.envelope.code !== 0) throw new Error(`the fund password of ${user.username} is neither ${current} nor ${wanted}`);
}

/** A username nobody has, different each time (failed logins are counted per account). */
export function unknownUser(): { username: string; password: string } {
  return { username: `nobody${Math.random().toString(36).slice(2, 10)}`, password: 'wrong-password' };
}

/** The server's own message for a refused login, in a language (to compare with what the UI shows). */
export async function serverLoginError(baseUrl: string, language: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sellAuth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify({ username: unknownUser().username, password: Buffer.from('wrong-password').toString('base64') }),
  });
  const body = (await response.json()) as { msg: string };
  return body.msg;
}

/** Marks the window so a test can tell that no reload happened. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __shopdeskMark: boolean }).__shopdeskMark = true;
  });
}

export async function windowStillMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __shopdeskMark?: boolean }).__shopdeskMark === true);
}
