import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The browser a person signs in from, as a random 128-bit id kept in an httpOnly cookie for two
 * years: issued at a seller's or a buyer's sign-in when the browser has none, and recorded for the
 * account that signed in. Checkout compares the ids a buyer signed in from with those of the shop's
 * members (a shop cannot be its own buyer on the same device, storefront/self-purchase.ts).
 * Random, not derived from anything about the person; a cleared cookie is a new device.
 */
export const DEVICE_COOKIE = 'sd_device';
const DEVICE_ID = /^[0-9a-f]{32}$/;
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

/** The device id the request's cookie carries, when it is one we could have issued. */
export function deviceIdOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = pair.slice(eq + 1).trim();
      if (DEVICE_ID.test(value)) return value;
    }
  }
  return null;
}

/** The request's device id, or a new one set on the reply (kept beside any other cookie the answer sets). */
export function ensureDeviceId(request: FastifyRequest, reply: FastifyReply): string {
  const known = deviceIdOf(request);
  if (known) return known;
  const id = randomBytes(16).toString('hex');
  const cookie = `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${TWO_YEARS_S}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;
  const previous = reply.getHeader('set-cookie');
  reply.header('set-cookie', previous === undefined ? cookie : [...(Array.isArray(previous) ? previous : [String(previous)]), cookie]);
  return id;
}

/** Notes that `account` signed in from `deviceId` (first and last time). */
export async function recordDevice(db: DbOrTx, deviceId: string, account: { userId: number } | { buyerId: number }): Promise<void> {
  if ('userId' in account) {
    await db.execute(sql`
      insert into device_sightings (device_id, user_id) values (${deviceId}, ${account.userId}::integer)
      on conflict (user_id, device_id) where user_id is not null do update set last_seen_at = now()`);
  } else {
    await db.execute(sql`
      insert into device_sightings (device_id, buyer_id) values (${deviceId}, ${account.buyerId}::integer)
      on conflict (buyer_id, device_id) where buyer_id is not null do update set last_seen_at = now()`);
  }
}
