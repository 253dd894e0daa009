import type { CreditReason } from '@shopdesk/shared/dashboard/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { creditEvents } from '../../db/schema.ts';

/**
 * Records one change of a shop's credit score, in the transaction that changed it. The overtime
 * job writes its events in its own SQL statement (overtime-job.ts) with the same columns.
 */
export async function recordCreditEvent(db: DbOrTx, event: { shopId: number; delta: number; reason: CreditReason; ref?: string | null; note?: string; scoreAfter: number }) {
  await db.insert(creditEvents).values({ shopId: event.shopId, delta: event.delta, reason: event.reason, ref: event.ref ?? null, note: event.note ?? '', scoreAfter: event.scoreAfter });
}
