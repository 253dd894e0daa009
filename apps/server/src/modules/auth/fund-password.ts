import { eq, sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fundPasswordReservations, shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../lib/passwords.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { recordAttempt, waitError } from './login-throttle.ts';

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));

/**
 * The fund password is the shop's, not each user's (docs/decisions.md, "The fund password is the
 * shop's"): its hash lives on the shop owner's row, so every user of the shop pays with the same
 * password. A user without a shop (an operator) holds their own. Wrong answers and the lockout,
 * though, belong to the member who typed them (their own row): a user's wrong guesses never lock
 * the owner's fund operations.
 */
async function fundHolderOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return row.ownerId ?? userId;
}

async function loadFundHash(db: DbOrTx, holderId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, holderId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return row.hash;
}

async function lockedUntilOf(db: DbOrTx, memberId: number): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: users.fundLockedUntil }).from(users).where(eq(users.id, memberId));
  const until = row?.lockedUntil ?? null;
  return until && until.getTime() > Date.now() ? until : null;
}

/** Whether the fund password of the user's shop is set ("who am I"). */
export async function fundPasswordIsSet(db: DbOrTx, userId: number): Promise<boolean> {
  return (await loadFundHash(db, await fundHolderOf(db, userId))) !== null;
}

type Reserved = { reservationId: number; failures: number };

/**
 * Reserves one attempt of the member before the password is compared (docs/decisions.md, "Login
 * and secret throttling" and "Fund-password attempts that reach no verdict"): under a lock of the
 * member's row, refused when fund operations are locked, or 'busy' when the member's confirmed
 * failures plus the attempts still in flight already make FUND_PASSWORD_MAX_ATTEMPTS; otherwise a
 * reservation row that expires after FUND_PASSWORD_RESERVATION_MS. So N parallel guesses compare
 * at most the limit, and an attempt whose process died mid-check stops counting within seconds
 * instead of for ever. Expired reservations of the member are removed on the way.
 */
async function reserveFundAttempt(db: Db, memberId: number): Promise<Reserved | 'locked' | 'busy'> {
  const reservationSecs = AUTH.FUND_PASSWORD_RESERVATION_MS / 1000;
  // One plain read first: while the member is locked or the limit is taken, waiting attempts poll with this alone.
  const [seen] = rowsOf<{ locked: boolean; taken: string | number }>(
    await db.execute(sql`
      select coalesce(u.fund_locked_until > now(), false) as locked,
        u.fund_failures + (select count(*) from fund_password_reservations r where r.user_id = u.id and r.expires_at > now()) as taken
      from users u where u.id = ${memberId}`),
  );
  if (!seen) throw new AppError('UNAUTHORIZED');
  if (seen.locked) return 'locked';
  if (Number(seen.taken) >= AUTH.FUND_PASSWORD_MAX_ATTEMPTS) return 'busy';
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ failures: users.fundFailures, locked: sql<boolean>`coalesce(${users.fundLockedUntil} > now(), false)` })
      .from(users)
      .where(eq(users.id, memberId))
      // Not FOR UPDATE: that would also wait for every transaction holding a foreign-key lock on the
      // user's row (an activity-log line of a purchase in progress) and queue checks behind payments.
      .for('no key update');
    if (!member) throw new AppError('UNAUTHORIZED');
    if (member.locked) return 'locked' as const;
    // A statement of its own after the row lock, so it sees the reservations of the attempts that held the lock before.
    const [row] = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        with expired as (
          delete from fund_password_reservations where user_id = ${memberId} and expires_at <= now()
        )
        insert into fund_password_reservations (user_id, expires_at)
        select ${memberId}, now() + make_interval(secs => ${reservationSecs})
        where ${member.failures}::int + (select count(*) from fund_password_reservations where user_id = ${memberId} and expires_at > now()) < ${AUTH.FUND_PASSWORD_MAX_ATTEMPTS}
        returning id`),
    );
    return row ? { reservationId: Number(row.id), failures: member.failures } : ('busy' as const);
  });
}

/**
 * How long an attempt waits for the attempts ahead of it to be compared before it gives up: at
 * most FUND_PASSWORD_MAX_ATTEMPTS compare at once, so 50 parallel payments of one shop on a busy
 * machine (a compare of ~1 s) need most of it. Longer than a reservation lives.
 */
const BUSY_WAIT_MS = 30_000;

/** A reserved attempt, waiting while the limit is taken by attempts in flight (parallel payments). */
async function reserveOrWait(db: Db, memberId: number): Promise<Reserved | 'locked'> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const attempt = await reserveFundAttempt(db, memberId);
    if (attempt !== 'busy') return attempt;
    if (Date.now() > deadline) throw waitError('TOO_MANY_ATTEMPTS', 1000);
    await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause));
  }
}

/**
 * The reservations this process is still comparing, per database, kept alive while they are: a
 * reservation's short life must end when its process dies, not when a busy database makes its
 * verdict wait (which would let more attempts than the limit be compared at once). Every
 * KEEP_ALIVE_MS, one UPDATE pushes their expiry on; a dead process stops doing it.
 */
const KEEP_ALIVE_MS = Math.floor(AUTH.FUND_PASSWORD_RESERVATION_MS / 5);
const comparing = new Map<Db, { ids: Set<number>; timer: NodeJS.Timeout }>();

function keepAlive(db: Db, reservationId: number): () => void {
  let entry = comparing.get(db);
  if (!entry) {
    const ids = new Set<number>();
    const secs = AUTH.FUND_PASSWORD_RESERVATION_MS / 1000;
    const timer = setInterval(() => {
      const list = [...ids];
      if (list.length === 0) return;
      db.execute(sql`update fund_password_reservations set expires_at = now() + make_interval(secs => ${secs}) where id in (${sql.join(list.map((id) => sql`${id}`), sql`, `)})`).catch(() => {
        // The next round tries again; a reservation that lapses meanwhile only lets one more attempt in.
      });
    }, KEEP_ALIVE_MS);
    timer.unref();
    entry = { ids, timer };
    comparing.set(db, entry);
  }
  entry.ids.add(reservationId);
  const current = entry;
  return () => {
    current.ids.delete(reservationId);
    if (current.ids.size === 0) {
      clearInterval(current.timer);
      if (comparing.get(db) === current) comparing.delete(db);
    }
  };
}

/**
 * A right answer, in one statement with its record: the reservation goes, the member's count
 * starts again, so the attempts waiting behind it go on.
 */
async function fundAttemptSucceeded(db: DbOrTx, memberId: number, reservationId: number) {
  await db.execute(sql`
    with released as (
      delete from fund_password_reservations where id = ${reservationId} returning 1
    ), updated as (
      update users set fund_failures = 0 where id = ${memberId} returning 1
    )
    insert into auth_attempts (kind, subject, address, outcome) values ('fund-password', ${String(memberId)}, '', 'success')`);
}

/**
 * A wrong answer: the reservation becomes a confirmed failure of the member, and the one that
 * completes the limit locks the member's fund operations (the count starts again for after the
 * lock). Answers the lock's end when fund operations are locked now, and the failures counted.
 */
async function fundAttemptFailed(db: Db, memberId: number, reservationId: number): Promise<{ lockedUntil: Date | null; failures: number }> {
  const lockSecs = AUTH.FUND_PASSWORD_LOCK_MS / 1000;
  const max = AUTH.FUND_PASSWORD_MAX_ATTEMPTS;
  const outcome = await db.transaction(async (tx) => {
    await tx.delete(fundPasswordReservations).where(eq(fundPasswordReservations.id, reservationId));
    const [row] = await tx
      .update(users)
      .set({
        // While already locked (an attempt of the same burst set it) the answer is refused by the lock; nothing more to count.
        fundFailures: sql`case when ${users.fundLockedUntil} > now() then ${users.fundFailures} when ${users.fundFailures} + 1 >= ${max} then 0 else ${users.fundFailures} + 1 end`,
        fundLockedUntil: sql`case when ${users.fundLockedUntil} > now() then ${users.fundLockedUntil} when ${users.fundFailures} + 1 >= ${max} then now() + make_interval(secs => ${lockSecs}) else ${users.fundLockedUntil} end`,
      })
      .where(eq(users.id, memberId))
      .returning({ failures: users.fundFailures, lockedUntil: users.fundLockedUntil });
    return row;
  });
  await recordAttempt(db, 'fund-password', String(memberId), '', 'wrong');
  const lockedUntil = outcome?.lockedUntil && outcome.lockedUntil.getTime() > Date.now() ? outcome.lockedUntil : null;
  return { lockedUntil, failures: outcome?.failures ?? max };
}

/**
 * Checks a fund password before a fund operation. Wrong answers count toward the caller's lockout
 * (FUND_PASSWORD_WRONG, then FUND_PASSWORD_LOCKED). `wrongKey` lets the password-change endpoint
 * answer the spec's code -1 instead. Call it outside the operation's transaction (a rollback would
 * forget the attempt it counted): money routes run it as withIdempotency's check, which a replay
 * of an answered key skips.
 */
export async function verifyFundPassword(
  db: Db,
  userId: number,
  plain: string,
  wrongKey: 'FUND_PASSWORD_WRONG' | 'WRONG_OLD_PASSWORD' = 'FUND_PASSWORD_WRONG',
): Promise<void> {
  const hash = await loadFundHash(db, await fundHolderOf(db, userId));
  if (!hash) throw new AppError('FUND_PASSWORD_NOT_SET');
  const attempt = await reserveOrWait(db, userId);
  if (attempt === 'locked') {
    await recordAttempt(db, 'fund-password', String(userId), '', 'refused');
    throw lockedError((await lockedUntilOf(db, userId)) ?? new Date(Date.now() + 1000));
  }
  const release = keepAlive(db, attempt.reservationId);
  try {
    if (await verifySecret(plain, hash)) {
      await fundAttemptSucceeded(db, userId, attempt.reservationId);
      return;
    }
    const { lockedUntil, failures } = await fundAttemptFailed(db, userId, attempt.reservationId);
    if (lockedUntil) throw lockedError(lockedUntil);
    throw new AppError(wrongKey, { count: Math.max(1, AUTH.FUND_PASSWORD_MAX_ATTEMPTS - failures) });
  } finally {
    release();
  }
}

const lockedError = (until: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError('FUND_PASSWORD_LOCKED', { minutes: minutesLeft(until), retryAfter: seconds });
};

export async function setFundPassword(db: DbOrTx, callerUserId: number, plain: string, confirm: string) {
  if (plain !== confirm) throw new AppError('PASSWORDS_DO_NOT_MATCH');
  const userId = await fundHolderOf(db, callerUserId);
  const hash = await hashSecret(plain);
  const updated = await db
    .update(users)
    .set({ fundPasswordHash: hash, fundFailures: 0, fundLockedUntil: null })
    .where(sql`${users.id} = ${userId} and ${users.fundPasswordHash} is null`)
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('FUND_PASSWORD_ALREADY_SET');
}

/** `confirm`: a last check after the old password (the second factor's step-up), before the change. */
export async function changeFundPassword(db: Db, callerUserId: number, oldPlain: string, newPlain: string, confirm: () => Promise<void> = async () => {}) {
  await verifyFundPassword(db, callerUserId, oldPlain, 'WRONG_OLD_PASSWORD');
  if (oldPlain === newPlain) throw new AppError('SAME_PASSWORD');
  await confirm();
  await db.update(users).set({ fundPasswordHash: await hashSecret(newPlain) }).where(eq(users.id, await fundHolderOf(db, callerUserId)));
}
