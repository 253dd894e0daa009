import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate as generateTotp } from 'otplib';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DEMO, TWO_FACTOR } from '@shopdesk/shared/constants';

/** The platform operator of the demo seed. */
export const OPERATOR = { username: 'operator', password: 'operator123' } as const;
export const DEMO_FUND_PASSWORD = '135790';
/** The demo shops' saved withdrawal address, past its cool-down (a withdrawal goes only to a saved one). */
export const TEST_WALLET_ADDRESS = 'TXseedWalletAddress000000000001';

/** A 1×1 PNG: a real PNG, so the server's check of the first bytes accepts it. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const pngFolders: string[] = [];

/** Writes the tiny PNG to a fresh temp folder, for setInputFiles; removeTinyPngs() cleans up. */
export function writeTinyPng(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-e2e-png-'));
  pngFolders.push(dir);
  const file = path.join(dir, 'payment-screenshot.png');
  fs.writeFileSync(file, TINY_PNG);
  return file;
}

export function removeTinyPngs(): void {
  for (const dir of pngFolders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(baseUrl: string, method: 'GET' | 'POST', pathName: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.authToken = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${pathName}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${pathName} answered ${response.status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/**
 * Logs the demo operator in through the API (password base64-encoded, SPEC §5, then the code of the
 * demo authenticator key) and answers the token. Another process may have spent this 30 s code:
 * then the next step's code, accepted once a step early.
 */
export async function loginOperator(baseUrl: string): Promise<string> {
  const first = await call<{ challenge: string }>(baseUrl, 'POST', '/api/ops/login', null, {
    username: OPERATOR.username,
    password: Buffer.from(OPERATOR.password).toString('base64'),
  });
  for (let ahead = 0; ; ahead += 1) {
    const code = await generateTotp({ secret: DEMO.OPERATOR_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + ahead * TWO_FACTOR.PERIOD_SECONDS });
    try {
      return (await call<{ token: string }>(baseUrl, 'POST', '/api/ops/login/verify', null, { challenge: first.challenge, code })).token;
    } catch (error) {
      if (ahead >= 1) throw error;
    }
  }
}

/** Sessions of servers a test started itself (a restart, a marketplace outside demo mode). */
const operatorTokens = new Map<string, Promise<string>>();

/** The global setup's operator session when `baseUrl` is its server; none in a screenshot script (no vitest run). */
function providedSession(baseUrl: string): string | null {
  try {
    return baseUrl === inject('baseUrl') ? inject('operatorToken') : null;
  } catch {
    return null;
  }
}

/**
 * The demo operator's session on `baseUrl`. The shared server's comes from the global setup, which
 * signed in once: each login spends a second-factor step, a step is good once and only later steps
 * count, so a login per test file ran out of codes when several files followed within a minute.
 */
export function operatorToken(baseUrl: string): Promise<string> {
  const provided = providedSession(baseUrl);
  if (provided) return Promise.resolve(provided);
  const known = operatorTokens.get(baseUrl);
  if (known) return known;
  const token = loginOperator(baseUrl);
  operatorTokens.set(baseUrl, token);
  token.catch(() => operatorTokens.delete(baseUrl));
  return token;
}

export async function approveDeposit(baseUrl: string, depositId: number): Promise<void> {
  const token = await operatorToken(baseUrl);
  await call(baseUrl, 'POST', `/api/ops/deposits/${depositId}/approve`, token, {});
}

/** Integer cents from an element's data-cents attribute (the wallet figures carry it). */
export async function centsOf(page: Page, testId: string): Promise<number> {
  const locator = page.getByTestId(testId).first();
  await locator.waitFor();
  const raw = await locator.getAttribute('data-cents');
  if (raw === null || !/^-?\d+$/.test(raw)) throw new Error(`${testId} has no data-cents (got ${raw})`);
  return Number(raw);
}

/** Waits until a figure shows the expected cents (queries refetch after a change). */
export async function expectCents(page: Page, testId: string, expected: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    ([id, cents]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-cents') === String(cents),
    [testId, expected] as const,
    { timeout },
  );
}

/** Chooses a saved withdrawal address in the desktop withdrawal form (the form offers only the book's). */
export async function pickSavedAddress(page: Page, address: string = TEST_WALLET_ADDRESS): Promise<void> {
  const select = page.getByTestId('withdraw-address');
  const option = page.locator('.ant-select-item-option').filter({ hasText: address }).first();
  const chosen = async () => ((await select.textContent()) ?? '').includes(address);
  // The options are drawn while the address book's answer may still be arriving: a click on an
  // option that is replaced under it chooses nothing, and the form then refuses an empty address.
  // The choice is made again until the field shows it.
  await expect
    .poll(
      async () => {
        if (await chosen()) return true;
        if (!(await option.isVisible())) await select.click({ timeout: 5_000 }).catch(() => undefined);
        await option.click({ timeout: 5_000 }).catch(() => undefined);
        return chosen();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Submits the desktop withdrawal form and waits for its confirm step. When the step does not come,
 * what the form says (its validation errors) is printed, and Next is clicked once more: a click lost
 * under load is told apart from a form that refuses, and a refusal fails with its reason.
 */
export async function toWithdrawalConfirm(page: Page): Promise<void> {
  const next = page.getByTestId('withdraw-next');
  const confirm = page.getByTestId('withdraw-confirm');
  const formErrors = async () => (await page.locator('.ant-modal .ant-form-item-explain-error').allTextContents()).join(' | ') || 'no error';
  await next.click();
  if (await confirm.waitFor({ timeout: 15_000 }).then(() => true, () => false)) return;
  const first = await formErrors();
  console.warn(`The withdrawal's confirm step did not come after Next; the form said: ${first}. Clicking Next again.`);
  await next.click();
  if (await confirm.waitFor({ timeout: 15_000 }).then(() => true, () => false)) return;
  throw new Error(`The withdrawal's confirm step did not come after two clicks on Next; the form says: ${await formErrors()}`);
}
