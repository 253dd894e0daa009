import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * A shop cannot be its own buyer, seen from the withdrawal (the order side is the storefront's
 * assertNotOwnShop): a withdrawal to an address that funded a buyer of this same shop (the seller
 * bought from their own shop first, then withdraws the settlement to where the buyer's money came
 * from) is refused with SELF_PURCHASE_ADDRESS before anything is stored.
 */
export async function assertNotSelfFundedAddress(db: DbOrTx, shopId: number, address: string): Promise<void> {
  const [row] = rowsOf<{ linked: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from buyer_deposits d
        where d.from_address = ${address} and exists (select 1 from orders o where o.buyer_id = d.buyer_id and o.shop_id = ${shopId}::integer)
      ) as linked`),
  );
  if (row?.linked) throw new AppError('SELF_PURCHASE_ADDRESS');
}
