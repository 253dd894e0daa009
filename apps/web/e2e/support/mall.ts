import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { api } from './orders.ts';
import { operatorToken } from './wallet.ts';

/** API helpers of the mall's browser tests and screenshots: buyers, carts, the carrier. */

export interface MallBuyer {
  username: string;
  buyerToken: string;
  buyerId: number;
  nickname: string;
  expiresAt: string;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A fresh buyer account (a unique username per call). */
export async function registerBuyer(baseUrl: string, prefix = 'mb'): Promise<MallBuyer> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
  const answer = await api<Omit<MallBuyer, 'username'>>(baseUrl, 'POST', '/api/buyer/register', {}, { username, password: b64('buyer123'), nickname: `Nina ${username.slice(-3)}` });
  return { username, ...answer };
}

export function buyerHeaders(buyer: MallBuyer, idempotent = false): Record<string, string> {
  return { buyerToken: buyer.buyerToken, ...(idempotent ? { 'Idempotency-Key': crypto.randomUUID() } : {}) };
}

export async function topUp(baseUrl: string, buyer: MallBuyer, amountCents: number): Promise<void> {
  await api(baseUrl, 'POST', '/api/buyer/wallet/topup', buyerHeaders(buyer, true), { amountCents });
}

/** Puts the buyer's session where the mall keeps it, in every page of the context. */
export async function signInMall(context: BrowserContext, buyer: MallBuyer): Promise<void> {
  const session = JSON.stringify({ buyerToken: buyer.buyerToken, buyerId: buyer.buyerId, nickname: buyer.nickname, expiresAt: buyer.expiresAt });
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('buyerSession')) window.localStorage.setItem('buyerSession', value);
  }, session);
}

/** Runs the demo carrier once (the e2e server runs without its timer): purchased orders move one step. */
export async function runCarrier(baseUrl: string): Promise<number> {
  const token = await operatorToken(baseUrl);
  const answer = await api<{ moved: number }>(baseUrl, 'POST', '/api/ops/jobs/demoCarrier', { authToken: token }, {});
  return answer.moved;
}

/**
 * Runs the carrier until a purchased order of the buyer is `status`: 'in_transit' (picked up, for
 * the buyer's "Order received") or 'signed' (delivered, which settles it). It moves recent orders
 * one step a run, so it runs only while the order is short of `status`.
 */
export async function carryUntil(baseUrl: string, buyerToken: string, orderId: string, status: 'in_transit' | 'signed'): Promise<void> {
  const shipping = async () => (await api<{ shippingStatus: string }>(baseUrl, 'GET', `/api/buyer/orders/${encodeURIComponent(orderId)}`, { buyerToken })).shippingStatus;
  await expect
    .poll(
      async () => {
        if ((await shipping()) !== status) await runCarrier(baseUrl);
        return shipping();
      },
      { timeout: 15_000 },
    )
    .toBe(status);
}
