import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The exposures a mall list answer delivers: each product shown counts one exposure
 * for its shop's active promotion package (the one promotion/package-service.activePackage
 * picks). Batched per answer: one UPDATE adds every shop's count, whatever the list's length.
 * The seller's package answer shows the count (exposuresDelivered), and while a package has
 * delivered fewer than it guarantees its products get the guarantee bonus of the score.
 */
export async function countExposures(db: DbOrTx, shown: { shopId: number }[]): Promise<void> {
  if (shown.length === 0) return;
  const perShop = new Map<number, number>();
  for (const item of shown) perShop.set(item.shopId, (perShop.get(item.shopId) ?? 0) + 1);
  const shopIds = [...perShop.keys()];
  const counts = shopIds.map((id) => perShop.get(id)!);
  await db.execute(sql`
    update promotion_packages p set exposures = p.exposures + v.n
    from (select distinct on (a.shop_id) a.id, v.n
          from unnest(${`{${shopIds.join(',')}}`}::int[], ${`{${counts.join(',')}}`}::int[]) as v(shop_id, n)
          join promotion_packages a on a.shop_id = v.shop_id
          where a.replaced_at is null and a.purchased_at <= now() and a.expires_at > now()
          order by a.shop_id, a.max_recommended desc, a.expires_at desc) v
    where p.id = v.id`);
}
