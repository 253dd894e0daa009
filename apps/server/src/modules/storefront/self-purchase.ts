import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/** The digits of a phone number, or null when too few to mean one number (a blank contact field). */
export function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

/**
 * A shop cannot be its own buyer (docs/decisions.md, "A shop cannot be its own buyer"): the order is
 * refused with SELF_PURCHASE when the buyer is linked to the shop by
 * - the account: the buyer's username is one of the shop's users' (any case);
 * - the phone: the receiver's phone is the shop's WhatsApp or Zalo number (digits compared);
 * - the money: a deposit into the buyer's wallet came from an address the shop withdraws to.
 * - the device: the buyer signed in on a device (the browser's device cookie, modules/devices) one of
 *   the shop's members signed in on, whichever signed in first (outside demo mode: `deviceLink`).
 * Called for every order the one checkout places, so a single purchase and a cart are both covered.
 */
export async function assertNotOwnShop(
  tx: DbOrTx,
  order: { buyerId: number; shopId: number; receiverPhone: string },
  options: { deviceLink: boolean },
): Promise<void> {
  const phone = phoneDigits(order.receiverPhone);
  const [link] = rowsOf<{ account: boolean; phone: boolean; address: boolean; device: boolean }>(
    await tx.execute(sql`
      select
        exists (
          select 1 from buyers b join users u on lower(u.username) = lower(b.username)
          where b.id = ${order.buyerId}::integer
            and (u.shop_id = ${order.shopId}::integer or u.id = (select owner_user_id from shops where id = ${order.shopId}::integer))
        ) as account,
        (${phone}::text is not null and exists (
          select 1 from shops s where s.id = ${order.shopId}::integer
            and ${phone}::text in (regexp_replace(s.whatsapp, '[^0-9]', '', 'g'), regexp_replace(s.zalo, '[^0-9]', '', 'g'))
        )) as phone,
        exists (
          select 1 from buyer_deposits d join withdrawals w on w.address = d.from_address
          where d.buyer_id = ${order.buyerId}::integer and w.shop_id = ${order.shopId}::integer and w.address <> ''
        ) as address,
        ${options.deviceLink}::boolean and exists (
          select 1 from device_sightings bd
          join device_sightings md on md.device_id = bd.device_id and md.user_id is not null
          join users u on u.id = md.user_id
          where bd.buyer_id = ${order.buyerId}::integer
            and (u.shop_id = ${order.shopId}::integer or u.id = (select owner_user_id from shops where id = ${order.shopId}::integer))
        ) as device`),
  );
  if (link && (link.account || link.phone || link.address || link.device)) throw new AppError('SELF_PURCHASE');
}
