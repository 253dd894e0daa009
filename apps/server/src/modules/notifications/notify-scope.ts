import { AsyncLocalStorage } from 'node:async_hooks';

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
}

const scope = new AsyncLocalStorage<NotifyScope>();

export function noteNewNotification(shopId: number) {
  scope.getStore()?.shops.add(shopId);
}

/** A buyer's chat stream has new items (a message or a mark in one of their conversations). */
export function noteBuyerChat(buyerId: number) {
  scope.getStore()?.buyers.add(buyerId);
}

/** Runs `next` (a hook's `done`) inside a fresh scope and answers the scope. */
export function enterNotifyScope(next: () => void): NotifyScope {
  const noted: NotifyScope = { shops: new Set(), buyers: new Set() };
  scope.run(noted, next);
  return noted;
}

/** Runs `work` in a scope; answers its result and the shops and buyers it notified. */
export async function collectNotifications<T>(work: () => Promise<T>): Promise<{ result: T } & NotifyScope> {
  const noted: NotifyScope = { shops: new Set(), buyers: new Set() };
  const result = await scope.run(noted, work);
  return { result, ...noted };
}
