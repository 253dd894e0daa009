import type { Caller } from './caller.ts';

/** Which sessions ended: one (logout) or every session of a user (password change, revocation). */
export type SessionRevocation = { sessionId: number } | { userId: number };

/** One listener per database handle (an app's session cache) told of ended sessions, and the call that tells it. */
export function sessionEndings() {
  const listeners = new WeakMap<object, (revocation: SessionRevocation) => void>();
  return {
    listen: (db: object, listener: (revocation: SessionRevocation) => void) => void listeners.set(db, listener),
    announce: (db: object, revocation: SessionRevocation) => listeners.get(db)?.(revocation),
  };
}

/** What a cache holds per token: a caller of some kind with its session's id. */
interface CachedCaller {
  sessionId: number;
}

interface Entry<C extends CachedCaller> {
  caller: C;
  /** The session's own expiry (sessions.expires_at), checked on every hit. */
  expiresAt: number;
  /** When this copy must be read again from the database: `ttlMs` after the read that last confirmed it. */
  staleAt: number;
  /** The last request that used it (set or hit): the refresh keeps only entries in use. */
  usedAt: number;
  /** The database's digest of the session's row when it was looked up (the refresh compares it). */
  digest: string;
}

/** A cached session the refresh confirms: pass it back to `confirm` with what the database says now. */
export interface DueEntry<C extends CachedCaller = Caller> {
  tokenHash: string;
  sessionId: number;
  /** The digest the entry was read with (what the database must still say). */
  digest: string;
  entry: Entry<C>;
}

/**
 * The seller/operator session lookup runs on every request; this keeps its answer, keyed by the
 * token's hash, least recently used first out (docs/decisions.md, "Session cache"). No answer from
 * memory rests on a database read older than `ttlMs` (a second): sessions in use are read again
 * together in the background (`due` / `confirm`, one query for all of them four times per `ttlMs`),
 * so they are answered from memory without going stale, and what the database says (a revocation
 * whatever its path, a role change) reaches this cache within a second without any message. Besides:
 * - the session's own `expires_at` is checked on every hit;
 * - logout, a password change and any other revocation call `forget` on this instance at once
 *   (after the commit) and on the other instances through the event bus;
 * - a lookup that began before a revocation arrived does not store its (possibly stale) answer
 *   (`generation`), and a background read confirms only the very entry it read for, so neither can
 *   put a forgotten session back.
 */
export class SessionCache<C extends CachedCaller = Caller> {
  private readonly entries = new Map<string, Entry<C>>();
  private generationCount = 0;
  /** Lookups answered from memory and those that went to the database (bench:orders prints them). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    readonly maxEntries = 10_000,
    readonly ttlMs = 1_000,
    /**
     * Entries unused for this long are no longer read again in the background and go stale: a
     * session calling less often than this costs fewer rows as a lookup per call than as rows in
     * every refresh.
     */
    readonly refreshIdleMs = 10_000,
    /** Whose session a caller is: `forget({ userId })` drops every entry of that owner (a buyer cache passes the buyer's id). */
    private readonly ownerOf: (caller: C) => number = (caller) => (caller as unknown as Caller).userId,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Read before the database lookup; `set` stores only if no revocation arrived meanwhile. */
  get generation() {
    return this.generationCount;
  }

  get(tokenHash: string, now = Date.now()): C | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) {
      this.counts.misses += 1;
      return null;
    }
    if (entry.staleAt <= now || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      this.counts.misses += 1;
      return null;
    }
    this.counts.hits += 1;
    entry.usedAt = now;
    // Most recently used last: delete and insert again (Map keeps insertion order).
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.caller;
  }

  /** `readAt`: when the lookup's query was sent (its answer is no newer than that); `digest`: the row's (see `confirm`). */
  set(tokenHash: string, caller: C, expiresAt: Date, generation: number, readAt = Date.now(), digest = '') {
    if (this.ttlMs <= 0 || this.maxEntries <= 0 || generation !== this.generationCount) return;
    this.entries.delete(tokenHash);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { caller, expiresAt: expiresAt.getTime(), staleAt: readAt + this.ttlMs, usedAt: readAt, digest });
  }

  /**
   * The entries to read again now: those used within `refreshIdleMs` and not stale yet (a stale
   * one is dropped: its next request looks it up, as after a miss).
   */
  due(now = Date.now()): DueEntry<C>[] {
    const due: DueEntry<C>[] = [];
    for (const [tokenHash, entry] of this.entries) {
      if (entry.staleAt <= now || entry.expiresAt <= now) this.entries.delete(tokenHash);
      else if (entry.usedAt > now - this.refreshIdleMs) due.push({ tokenHash, sessionId: entry.caller.sessionId, digest: entry.digest, entry });
    }
    return due;
  }

  /**
   * What a read sent at `readAt` found for a due entry: the digest of the session's row, or null
   * (revoked or expired). The same digest confirms the entry for another `ttlMs`; anything else drops
   * it, and its next request looks the session up. Applied only if the cache still holds that very
   * entry: one forgotten or replaced meanwhile (a revocation, a newer lookup) is left alone.
   */
  confirm(due: DueEntry<C>, digest: string | null, readAt: number) {
    if (this.entries.get(due.tokenHash) !== due.entry) return;
    if (digest === null || digest !== due.entry.digest) this.entries.delete(due.tokenHash);
    else due.entry.staleAt = Math.max(due.entry.staleAt, readAt + this.ttlMs);
  }

  forget(revocation: SessionRevocation) {
    this.generationCount += 1;
    for (const [hash, { caller }] of this.entries) {
      if ('sessionId' in revocation ? caller.sessionId === revocation.sessionId : this.ownerOf(caller) === revocation.userId) this.entries.delete(hash);
    }
  }

  /** Drops everything (tests that edit sessions in the database directly, which no product path does). */
  clear() {
    this.generationCount += 1;
    this.entries.clear();
  }
}

