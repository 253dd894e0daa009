/**
 * Screenshots of the buyer's deposit on the mall's "Me" page (not a test): desktop 1440×900 and phone
 * 390×844, in en-US and vi-VN, with requests waiting, approved and rejected, and the form's errors,
 * into screenshots/mall-deposit/. Run after a build:
 *   npx tsx apps/web/e2e/mall-deposit-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import fs from 'node:fs';
import path from 'node:path';
import { launch, type Device } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { api } from './support/orders.ts';
import { operatorToken, removeTinyPngs, writeTinyPng } from './support/wallet.ts';
import { buyerHeaders, registerBuyer, signInMall, type MallBuyer } from './support/mall.ts';

const OUT = path.join(repoRoot, 'screenshots/mall-deposit');
const shoot = shooter(OUT);
const FROM_ADDRESS = 'TBuyerSendingAddress0000000001';

async function requestDeposit(baseUrl: string, buyer: MallBuyer, amount: string): Promise<number> {
  const form = new FormData();
  form.append('network', 'TRC20');
  form.append('amount', amount);
  form.append('fromAddress', FROM_ADDRESS);
  form.append('screenshot', new Blob([fs.readFileSync(writeTinyPng())], { type: 'image/png' }), 'payment.png');
  const response = await fetch(`${baseUrl}/api/buyer/wallet/deposit`, { method: 'POST', headers: buyerHeaders(buyer, true), body: form });
  const envelope = (await response.json()) as { code: number; data: { id: number } };
  if (envelope.code !== 0) throw new Error(`deposit refused: ${JSON.stringify(envelope)}`);
  return envelope.data.id;
}

/** A buyer with one request approved, one rejected with a reason and one still waiting. */
async function prepareBuyer(baseUrl: string): Promise<MallBuyer> {
  const buyer = await registerBuyer(baseUrl, 'dshot');
  const token = await operatorToken(baseUrl);
  const decide = (id: number, decision: 'approve' | 'reject', reason?: string) =>
    api(baseUrl, 'POST', `/api/ops/buyerDeposits/${id}/${decision}`, { authToken: token, 'Idempotency-Key': crypto.randomUUID() }, reason ? { reason } : {});
  await decide(await requestDeposit(baseUrl, buyer, '150'), 'approve');
  await decide(await requestDeposit(baseUrl, buyer, '80.25'), 'reject', 'No payment found from this address');
  await requestDeposit(baseUrl, buyer, '42.50');
  return buyer;
}

async function pages(baseUrl: string, device: Device, language: string, buyer: MallBuyer): Promise<void> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await signInMall(context, buyer);
  const page = context.pages()[0] ?? (await context.newPage());
  const tag = `${device}-${language}`;
  try {
    await page.goto(`${baseUrl}/mall/me`);
    await settle(page, 'deposit-row');
    await shoot(page, `${tag}-me`, true);
    await page.getByTestId('mall-deposit').scrollIntoViewIfNeeded();
    await shoot(page, `${tag}-deposit`, false);
    await page.getByTestId('deposit-amount').fill('5');
    await page.getByTestId('deposit-from').fill('short');
    await page.getByTestId('deposit-submit').click();
    await settle(page, 'deposit-amount-error');
    await page.getByTestId('deposit-form').scrollIntoViewIfNeeded();
    await shoot(page, `${tag}-deposit-errors`, false);
  } finally {
    await context.close();
  }
}

runScreenshots(OUT, async (baseUrl) => {
  fs.mkdirSync(OUT, { recursive: true });
  const buyer = await prepareBuyer(baseUrl);
  for (const language of SCREENSHOT_LANGUAGES) {
    await pages(baseUrl, 'desktop', language, buyer);
    await pages(baseUrl, 'phone', language, buyer);
  }
  removeTinyPngs();
});
