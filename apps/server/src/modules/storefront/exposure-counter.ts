import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { packageExposureViews } from '../../db/schema.ts';

/**
 * Who is looking, for the exposure count: a signed-in buyer (`b:<id>`), else the network the request
 * comes from (`n:<hash>`: an IPv4 address, or an IPv6 address's /64, which one household or phone
 * gets whole). A visitor id or cookie is not used for anonymous viewers: a client makes up any number
 * of them, so it could count as any number of viewers. The address is stored hashed, never as sent.
 */
export function exposureViewerKey(buyerId: number | null, ip: string): string {
  if (buyerId !== null) return `b:${buyerId}`;
  return `n:${createHash('sha256').update(`exposure:${networkOf(ip)}`).digest('base64url').slice(0, 32)}`;
}

function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The exposures a mall list answer delivers: a shop whose products it shows counts one exposure for
 * its active promotion package (the one packages/package-service.activePackage picks), once per
 * viewer and window: the same viewer counts again only `windowMinutes` after it last counted,
 * whatever the number of lists or products it was shown. One statement per answer: the viewer's row
 * per package is inserted, or moved forward when its window has passed, and only the packages whose
 * row changed get +1; two answers at once for one viewer count once (the second waits on the row).
 * The seller's package answer shows the count (exposuresDelivered), and while a package has
 * delivered fewer than it guarantees its products get the guarantee bonus of the score.
 */
export async function countExposures(db: DbOrTx, shown: { shopId: number }[], viewerKey: string, windowMinutes: number): Promise<void> {
  if (shown.length === 0) return;
  const shopIds = [...new Set(shown.map((item) => item.shopId))];
  await db.execute(sql`
    with active as (
      select distinct on (a.shop_id) a.id
      from promotion_packages a
      where a.shop_id = any(${`{${shopIds.join(',')}}`}::int[])
        and a.replaced_at is null and a.purchased_at <= now() and a.expires_at > now()
      order by a.shop_id, a.max_recommended desc, a.expires_at desc
    ), counted as (
      insert into package_exposure_views as v (package_id, viewer_key, counted_at)
      select id, ${viewerKey}, now() from active
      on conflict (package_id, viewer_key) do update set counted_at = excluded.counted_at
        where v.counted_at <= now() - make_interval(mins => ${windowMinutes}::integer)
      returning v.package_id
    )
    update promotion_packages p set exposures = p.exposures + 1
    from counted where p.id = counted.package_id`);
}

/** Forgets viewers whose window has passed (they would count again anyway). */
export async function pruneExposureViews(db: DbOrTx, windowMinutes: number): Promise<number> {
  const removed = await db
    .delete(packageExposureViews)
    .where(lte(packageExposureViews.countedAt, sql`now() - make_interval(mins => ${windowMinutes}::integer)`))
    .returning({ packageId: packageExposureViews.packageId });
  return removed.length;
}
