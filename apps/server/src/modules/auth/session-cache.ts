import type { Caller } from './caller.ts';

/** Which sessions ended: one (logout) or every session of a user (password change, revocation). */
export type SessionRevocation = { sessionId: number } | { userId: number };

interface Entry {
  caller: Caller;
  /** The session's own expiry (sessions.expires_at), checked on every hit. */
  expiresAt: number;
  /** When this copy must be read again from the database. */
  staleAt: number;
}

/**
 * The seller/operator session lookup runs on every request; this keeps its answer for up to a
 * second (docs/decisions.md, "Session cache"), keyed by the token's hash, least recently used first
 * out. It never outlives what the database says:
 * - the session's own `expires_at` is checked on every hit;
 * - logout, a password change and any other revocation call `forget` on this instance at once
 *   (after the commit) and on the other instances through the event bus;
 * - a lookup that began before a revocation arrived does not store its (possibly stale) answer
 *   (`generation`), so a request racing a logout cannot put the session back.
 * What is left is the bus's delay between instances, or `ttlMs` if a bus message is lost.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generationCount = 0;
  /** Lookups answered from memory and those that went to the database (bench:orders prints them). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    readonly maxEntries = 10_000,
    readonly ttlMs = 1_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Read before the database lookup; `set` stores only if no revocation arrived meanwhile. */
  get generation() {
    return this.generationCount;
  }

  get(tokenHash: string, now = Date.now()): Caller | null {
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
    // Most recently used last: delete and insert again (Map keeps insertion order).
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.caller;
  }

  set(tokenHash: string, caller: Caller, expiresAt: Date, generation: number, now = Date.now()) {
    if (this.ttlMs <= 0 || this.maxEntries <= 0 || generation !== this.generationCount) return;
    this.entries.delete(tokenHash);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { caller, expiresAt: expiresAt.getTime(), staleAt: now + this.ttlMs });
  }

  forget(revocation: SessionRevocation) {
    this.generationCount += 1;
    for (const [hash, { caller }] of this.entries) {
      if ('sessionId' in revocation ? caller.sessionId === revocation.sessionId : caller.userId === revocation.userId) this.entries.delete(hash);
    }
  }

  /** Drops everything (tests that edit sessions in the database directly, which no product path does). */
  clear() {
    this.generationCount += 1;
    this.entries.clear();
  }
}
