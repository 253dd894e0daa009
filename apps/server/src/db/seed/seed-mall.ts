import { eq, inArray } from 'drizzle-orm';
import { CENTS_PER_UNIT } from '@shopdesk/shared/constants';
import { DAY_MS } from '@shopdesk/shared/time';
import type { Db } from '../client.ts';
import { buyerAddresses, buyers, coupons, meta, shops } from '../schema.ts';
import { buyerToppedUp } from '../../modules/ledger/money-flows.ts';
import { BUYERS, buyerPhone, COUNTRIES } from './demo-catalog.ts';
import { MALL_SEED_KEY } from './seed-markers.ts';

/** The demo buyers that can shop in the mall right away: buyer1 … buyer5, each with this much demo money. */
export const MALL_DEMO_BUYERS = 5;
export const MALL_DEMO_WALLET_CENTS = 1_000 * CENTS_PER_UNIT;

const SHOP_DESCRIPTIONS: Record<string, string> = {
  'Sunrise Goods': 'Everyday goods for home, work and play, shipped fast from our partner warehouses.',
  'Harbor Electronics': 'Phones, computers and accessories at honest prices.',
};

/**
 * The mall's demo data, once, over the demo marketplace: a few platform coupons, the
 * shops' descriptions, and buyer1 … buyer5 each with a saved address and a wallet topped up with
 * demo money through the ledger (platform:demo_topups → buyer wallet). Runs for a database seeded
 * before the mall too; answers false when it was already there.
 */
export async function seedMallDemo(db: Db): Promise<boolean> {
  const [done] = await db.select().from(meta).where(eq(meta.key, MALL_SEED_KEY));
  if (done) return false;
  await db.transaction(async (tx) => {
    const now = Date.now();
    const startsAt = new Date(now - DAY_MS);
    const endsAt = new Date(now + 90 * DAY_MS);
    await tx.insert(coupons).values([
      { title: 'Welcome: 3 USDT off', kind: 'amount', amountOffCents: 3 * CENTS_PER_UNIT, minSpendCents: 0, startsAt, endsAt, perBuyerLimit: 1 },
      { title: '5 USDT off orders from 50 USDT', kind: 'amount', amountOffCents: 5 * CENTS_PER_UNIT, minSpendCents: 50 * CENTS_PER_UNIT, startsAt, endsAt, perBuyerLimit: 2 },
      { title: '10% off, up to 20 USDT', kind: 'percent', percentOff: 10, maxDiscountCents: 20 * CENTS_PER_UNIT, minSpendCents: 20 * CENTS_PER_UNIT, startsAt, endsAt, perBuyerLimit: 1 },
      { title: '20 USDT off orders from 150 USDT', kind: 'amount', amountOffCents: 20 * CENTS_PER_UNIT, minSpendCents: 150 * CENTS_PER_UNIT, startsAt, endsAt, perBuyerLimit: 1 },
    ]);
    for (const [name, description] of Object.entries(SHOP_DESCRIPTIONS)) await tx.update(shops).set({ description }).where(eq(shops.name, name));
    const usernames = Array.from({ length: MALL_DEMO_BUYERS }, (_, i) => `buyer${i + 1}`);
    const rows = await tx.select({ id: buyers.id, username: buyers.username }).from(buyers).where(inArray(buyers.username, usernames));
    for (const row of rows) {
      const index = usernames.indexOf(row.username);
      const buyer = BUYERS[index];
      const [street, ...rest] = COUNTRIES[buyer.country].streets[0].split(', ');
      await tx.insert(buyerAddresses).values({ buyerId: row.id, name: buyer.name, phone: buyerPhone(index), area: rest.join(', '), address: street, isDefault: true });
      await buyerToppedUp(tx, { buyerId: row.id, key: 'demo-seed', amountCents: MALL_DEMO_WALLET_CENTS });
    }
    await tx.insert(meta).values({ key: MALL_SEED_KEY, value: new Date().toISOString() });
  });
  return true;
}
