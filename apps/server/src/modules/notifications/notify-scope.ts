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
const scope = new AsyncLocalStorage<Set<number>>();

export function noteNewNotification(shopId: number) {
  scope.getStore()?.add(shopId);
}

/** Runs `next` (a hook's `done`) inside a fresh scope and answers the scope's shop set. */
export function enterNotifyScope(next: () => void): Set<number> {
  const shops = new Set<number>();
  scope.run(shops, next);
  return shops;
}

/** Runs `work` in a scope; answers its result and the shops it notified. */
export async function collectNotifications<T>(work: () => Promise<T>): Promise<{ result: T; shops: Set<number> }> {
  const shops = new Set<number>();
  const result = await scope.run(shops, work);
  return { result, shops };
}
