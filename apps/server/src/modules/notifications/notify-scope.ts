import { AsyncLocalStorage } from 'node:async_hooks';
import type { Handoff } from './stream-hub.ts';

/**
 * "Rows first, events second": notifyShop runs inside a money transaction, so it must not wake the
 * streams itself (they would read before the commit and find nothing). It notes the shop in the
 * current scope instead; the scope is a request (plugin: published when the response is sent,
 * after the handler's transactions have committed or rolled back) or a background job run
 * (published after the run). A rolled-back transaction only causes a wake-up that finds no row.
 *
 * Outside any scope (a CLI, a test calling a service directly) nothing is published: the rows are
 * still delivered on the shop's next wake-up or on reconnect.
 */
/** The shops whose streams, and the buyers whose chat streams, have new items. */
export interface NotifyScope {
  shops: Set<number>;
  buyers: Set<number>;
  /** What the scope committed for a key, when that is all of the key's new items (streams here take it without a read). */
  handoffs: { shops: Map<number, Handoff>; buyers: Map<number, Handoff> };
}

const scope = new AsyncLocalStorage<NotifyScope>();

export function noteNewNotification(shopId: number) {
  const noted = scope.getStore();
  noted?.shops.add(shopId);
  // Another write to the key: what a handoff holds is no longer all that is new.
  noted?.handoffs.shops.delete(shopId);
}

/** A buyer's chat stream has new items (a message or a mark in one of their conversations). */
export function noteBuyerChat(buyerId: number) {
  const noted = scope.getStore();
  noted?.buyers.add(buyerId);
  noted?.handoffs.buyers.delete(buyerId);
}

/**
 * After a commit: a shop's and a buyer's new items, exactly (committed under their stream locks,
 * so nothing else came between `after` and them), for the streams on this instance to take
 * without reading them back. Call in place of noteNewNotification and noteBuyerChat for those
 * keys, once the transaction has committed (a rolled-back one must never hand anything over).
 */
export function noteHandoff(shopId: number, shop: Handoff, buyerId: number, buyer: Handoff) {
  const noted = scope.getStore();
  if (!noted) return;
  const fresh = (keys: Set<number>, handoffs: Map<number, Handoff>, key: number, handoff: Handoff) => {
    if (keys.has(key)) handoffs.delete(key);
    else handoffs.set(key, handoff);
    keys.add(key);
  };
  fresh(noted.shops, noted.handoffs.shops, shopId, shop);
  fresh(noted.buyers, noted.handoffs.buyers, buyerId, buyer);
}

/** Runs `next` (a hook's `done`) inside a fresh scope and answers the scope. */
export function enterNotifyScope(next: () => void): NotifyScope {
  const noted: NotifyScope = { shops: new Set(), buyers: new Set(), handoffs: { shops: new Map(), buyers: new Map() } };
  scope.run(noted, next);
  return noted;
}

/** Runs `work` in a scope; answers its result and the shops and buyers it notified. */
export async function collectNotifications<T>(work: () => Promise<T>): Promise<{ result: T } & NotifyScope> {
  const noted: NotifyScope = { shops: new Set(), buyers: new Set(), handoffs: { shops: new Map(), buyers: new Map() } };
  const result = await scope.run(noted, work);
  return { result, ...noted };
}
