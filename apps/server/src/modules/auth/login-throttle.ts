import { inArray, sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema.ts';

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(username: string, ip: string): ThrottleKeys {
  return { account: `account:${username.trim().toLowerCase()}`, address: `address:${ip}` };
}

interface ThrottleState {
  lockedForMs: number;
  failures: number;
}

/** The strongest lock and the highest failure count (within the window) over both keys. */
export async function readThrottle(db: DbOrTx, keys: ThrottleKeys): Promise<ThrottleState> {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [keys.account, keys.address]));
  const now = Date.now();
  let lockedForMs = 0;
  let failures = 0;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil.getTime() > now) lockedForMs = Math.max(lockedForMs, row.lockedUntil.getTime() - now);
    const inWindow = now - row.windowStartedAt.getTime() < AUTH.LOGIN_FAILURE_WINDOW_MS;
    if (inWindow && row.key === keys.account) failures = Math.max(failures, row.failures);
  }
  return { lockedForMs, failures };
}

/** How long to hold a login answer back after `failures` recent failures on the account. */
export function slowdownMs(failures: number, stepMs: number): number {
  if (failures < AUTH.LOGIN_SLOWDOWN_AFTER) return 0;
  return Math.min((failures - AUTH.LOGIN_SLOWDOWN_AFTER + 1) * stepMs, 5000);
}

async function bump(db: DbOrTx, key: string, lockAfter: number): Promise<boolean> {
  const windowMs = AUTH.LOGIN_FAILURE_WINDOW_MS;
  const lockMs = AUTH.LOGIN_LOCK_MS;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${windowMs / 1000}) then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${windowMs / 1000}) then now() else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  if (row.failures < lockAfter) return false;
  await db
    .update(loginThrottle)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${lockMs / 1000})`, failures: 0, windowStartedAt: sql`now()` })
    .where(sql`${loginThrottle.key} = ${key}`);
  return true;
}

/** Counts a failed login on both keys; answers whether either is now locked. */
export async function recordFailure(db: DbOrTx, keys: ThrottleKeys): Promise<boolean> {
  const accountLocked = await bump(db, keys.account, AUTH.LOGIN_LOCK_AFTER_ACCOUNT);
  const addressLocked = await bump(db, keys.address, AUTH.LOGIN_LOCK_AFTER_ADDRESS);
  return accountLocked || addressLocked;
}

export async function clearAccountFailures(db: DbOrTx, keys: ThrottleKeys) {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [keys.account]));
}
