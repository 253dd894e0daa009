import { sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authAttempts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * Throttling of secret checks (docs/decisions.md, "Login and secret throttling"), after the OWASP
 * authentication guidance: every check first *reserves* an attempt on each of its keys, atomically
 * in the database (rows of `login_throttle` locked `FOR UPDATE`, so several instances share it),
 * and only then is the secret compared. A key allows `free` failures; each further one makes the
 * key wait, doubling from LOGIN_DELAY_BASE_MS up to LOGIN_DELAY_MAX_MS, and the reservation that
 * reaches the limit sets that wait itself, so N parallel guesses compare at most `free` secrets and
 * a right one arriving while the key waits is refused. Nothing is locked for good: the longest
 * wait is LOGIN_DELAY_MAX_MS, and failures are forgotten LOGIN_FAILURE_WINDOW_MS after the last.
 */
export interface ThrottleRule {
  key: string;
  /** Failures allowed before each further one makes the key wait. */
  free: number;
  /**
   * The account-and-address key: once it succeeded, the address is trusted for that account
   * (LOGIN_TRUST_MS) and the rules marked `skipWhenTrusted` no longer apply to it, so an attacker
   * elsewhere (or many accounts tried from one address) cannot keep the owner out.
   */
  grantsTrust?: boolean;
  skipWhenTrusted?: boolean;
  /** On success: forget the key's failures (account keys), or release only this attempt (address keys). */
  onSuccess: 'clear' | 'release';
}

export interface Reservation {
  rules: ThrottleRule[];
  /** Set when this attempt reached a limit: how long the key now waits (its own answer says so if the secret was wrong). */
  waitMs: number;
  /** The most failures any of its keys had before this attempt (for the answer's slowdown). */
  previousFailures: number;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; waitMs: number };

/** The wait a key imposes after `failures` failures (0 while it has free ones left). */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(AUTH.LOGIN_DELAY_BASE_MS * 2 ** (failures - free), AUTH.LOGIN_DELAY_MAX_MS);
}

interface KeyRow {
  key: string;
  failures: number;
  expired: boolean;
  locked_ms: string | number | null;
  trusted: boolean | null;
}

/**
 * Reserves one attempt on every rule's key in one transaction (keys locked in a fixed order, so
 * parallel attempts cannot deadlock): refused with the wait when any applicable key waits,
 * otherwise counted as a failure on each key until `succeeded` says otherwise.
 */
export async function reserveAttempt(db: Db, rules: ThrottleRule[]): Promise<ReserveResult> {
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((rule) => rule.key);
  const windowSecs = AUTH.LOGIN_FAILURE_WINDOW_MS / 1000;
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into login_throttle (key) values ${sql.join(keys.map((key) => sql`(${key})`), sql`, `)} on conflict (key) do nothing`);
    const rows = rowsOf<KeyRow>(
      await tx.execute(sql`
        select key, failures,
          window_started_at < now() - make_interval(secs => ${windowSecs}) as expired,
          extract(epoch from (locked_until - now())) * 1000 as locked_ms,
          trusted_until > now() as trusted
        from login_throttle where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})
        order by key for update`),
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const trusted = sorted.some((rule) => rule.grantsTrust && byKey.get(rule.key)?.trusted === true);
    const applicable = sorted.filter((rule) => !(trusted && rule.skipWhenTrusted));
    const waitMs = Math.max(0, ...applicable.map((rule) => Number(byKey.get(rule.key)?.locked_ms ?? 0)));
    if (waitMs > 0) return { ok: false as const, waitMs: Math.ceil(waitMs) };
    let setWaitMs = 0;
    let previousFailures = 0;
    const counted = applicable.map((rule) => {
      const row = byKey.get(rule.key)!;
      const failures = row.expired ? 1 : row.failures + 1;
      if (rule.grantsTrust) previousFailures = failures - 1;
      const delay = delayAfter(failures, rule.free);
      setWaitMs = Math.max(setWaitMs, delay);
      return sql`(${rule.key}, ${failures}::int, ${delay / 1000}::float8)`;
    });
    // One statement for every key (the rows are already locked above).
    await tx.execute(sql`
      update login_throttle t set failures = v.failures, window_started_at = now(),
        locked_until = case when v.delay > 0 then now() + make_interval(secs => v.delay) else null end
      from (values ${sql.join(counted, sql`, `)}) as v(key, failures, delay)
      where t.key = v.key`);
    return { ok: true as const, reservation: { rules: applicable, waitMs: setWaitMs, previousFailures } };
  });
}

const keyList = (rules: ThrottleRule[]) => (rules.length ? sql.join(rules.map((rule) => sql`${rule.key}`), sql`, `) : sql`null`);

/**
 * The secret was right: clears what the reservation counted (or, on `release` keys, only this
 * attempt), trusts the address for the account, and records the success, in one statement.
 */
export async function attemptSucceeded(db: DbOrTx, reservation: Reservation, record: AttemptRecord) {
  const trustSecs = AUTH.LOGIN_TRUST_MS / 1000;
  const clear = keyList(reservation.rules.filter((rule) => rule.onSuccess === 'clear'));
  const trust = keyList(reservation.rules.filter((rule) => rule.grantsTrust));
  await db.execute(sql`
    with updated as (
      update login_throttle set
        failures = case when key in (${clear}) then 0 else greatest(failures - 1, 0) end,
        locked_until = case when key in (${clear}) then null else locked_until end,
        trusted_until = case when key in (${trust}) then now() + make_interval(secs => ${trustSecs}) else trusted_until end
      where key in (${keyList(reservation.rules)})
      returning 1
    )
    insert into auth_attempts (kind, subject, address, outcome)
    values (${record.kind}, ${record.subject.slice(0, 100)}, ${record.address.slice(0, 100)}, 'success')`);
}

export type AttemptKind = 'login' | 'operator-login' | 'buyer-login' | 'password' | 'fund-password' | 'two-factor';

export interface AttemptRecord {
  kind: AttemptKind;
  subject: string;
  address: string;
}

/** The record of attempts (auth_attempts): every secret check, right, wrong or refused unchecked. */
export async function recordAttempt(db: DbOrTx, kind: AttemptKind, subject: string, address: string, outcome: 'success' | 'wrong' | 'refused') {
  await db.insert(authAttempts).values({ kind, subject: subject.slice(0, 100), address: address.slice(0, 100), outcome });
}

/** Attempts older than this are pruned by the `auth-attempts` job. */
export async function pruneAttempts(db: DbOrTx) {
  const keepSecs = AUTH.ATTEMPT_RECORD_KEEP_MS / 1000;
  await db.execute(sql`delete from auth_attempts where created_at < now() - make_interval(secs => ${keepSecs})`);
  await db.execute(
    sql`delete from login_throttle where window_started_at < now() - make_interval(secs => ${keepSecs}) and (trusted_until is null or trusted_until < now())`,
  );
}

/**
 * The three keys of a login (sellers, operators and buyers; `namespace` keeps buyers' apart):
 * this account from this address, this account from anywhere, any account from this address.
 */
export function loginRules(namespace: string, username: string, ip: string): ThrottleRule[] {
  const account = `${namespace}:${username.trim().toLowerCase()}`;
  return [
    { key: `pair:${account}@${ip}`, free: AUTH.LOGIN_FREE_FAILURES_PAIR, grantsTrust: true, onSuccess: 'clear' },
    { key: `account:${account}`, free: AUTH.LOGIN_FREE_FAILURES_ACCOUNT, skipWhenTrusted: true, onSuccess: 'clear' },
    { key: `address:${ip}`, free: AUTH.LOGIN_FREE_FAILURES_ADDRESS, skipWhenTrusted: true, onSuccess: 'release' },
  ];
}

/** How long to hold a wrong login's answer back after `failures` recent failures (a small extra cost per guess). */
export function slowdownMs(failures: number, stepMs: number): number {
  if (failures < AUTH.LOGIN_SLOWDOWN_AFTER) return 0;
  return Math.min((failures - AUTH.LOGIN_SLOWDOWN_AFTER + 1) * stepMs, 5000);
}

/** A refusal that names the wait (`{wait}`, localized by the error handler, which also sends Retry-After). */
export const waitError = (key: 'LOGIN_LOCKED' | 'TOO_MANY_ATTEMPTS', waitMs: number) => new AppError(key, { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });

/** The answer to a login that must wait. */
export const loginWait = (waitMs: number) => waitError('LOGIN_LOCKED', waitMs);
