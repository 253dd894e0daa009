import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { notifications } from '../../src/db/schema.ts';
import { call, createSeller, fundShop, loginToken } from '../helper.ts';

/** Helpers of the reward and couple tests. */
export interface RewardSeller {
  userId: number;
  shopId: number;
  token: string;
}

export async function rewardSeller(app: FastifyInstance, db: Db): Promise<RewardSeller> {
  const seller = await createSeller(db);
  return { userId: seller.userId, shopId: seller.shopId, token: await loginToken(app, seller.username, seller.password) };
}

/** Tops a shop up through the real path: a deposit request approved by the operator. */
export const topUp = (app: FastifyInstance, seller: RewardSeller, operatorToken: string, units: number) => fundShop(app, seller.token, operatorToken, String(units));

export function claim(app: FastifyInstance, token: string, activity: 'vip' | 'couple', tier: number, key?: string) {
  return call(app, 'POST', '/api/systemSettings/getReward', { token, body: { activity, tier }, headers: key ? { 'idempotency-key': key } : {} });
}

export async function activities(app: FastifyInstance, token: string) {
  const { status, body } = await call(app, 'GET', '/api/marketing/activities', { token });
  if (status !== 200) throw new Error(`activities failed: ${JSON.stringify(body)}`);
  return body.data;
}

export const apply = (app: FastifyInstance, token: string, shopId: number) => call(app, 'POST', '/api/marketing/couple/apply', { token, body: { shopId } });
export const respond = (app: FastifyInstance, token: string, requestId: number, accept: boolean) =>
  call(app, 'POST', '/api/marketing/couple/respond', { token, body: { requestId, accept } });

/** The shop's notifications with one content code. */
export function notificationsOf(db: Db, shopId: number, content: number) {
  return db.select().from(notifications).where(and(eq(notifications.shopId, shopId), eq(notifications.content, content)));
}

export const stateOf = (tiers: { tier: number; state: string }[]) => tiers.map((t) => t.state);
