import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { meta } from '../schema.ts';

/** The `meta` rows that say the demo marketplace (seed-demo.ts) and the mall's demo data (seed-mall.ts) are there. */
export const DEMO_SEED_KEY = 'demo_seed_v1';
export const MALL_SEED_KEY = 'demo_mall_v1';
/** The mall's books, food and sports products (seed-mall-shelves.ts). */
export const MALL_SHELVES_SEED_KEY = 'demo_mall_shelves_v1';
/** The demo products with variants (seed-mall-variants.ts). */
export const MALL_VARIANTS_SEED_KEY = 'demo_mall_variants_v1';

/**
 * Whether every part of the demo seed is there: one query, in a module of its own, so a restart
 * of a seeded folder neither loads the seed's modules nor asks twice.
 */
export async function demoSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ key: meta.key }).from(meta).where(inArray(meta.key, [DEMO_SEED_KEY, MALL_SEED_KEY, MALL_SHELVES_SEED_KEY, MALL_VARIANTS_SEED_KEY]));
  return rows.length === 4;
}
