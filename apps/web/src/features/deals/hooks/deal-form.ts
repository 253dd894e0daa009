import { dealBody, type DealBody, type DealView } from '@shopdesk/shared/marketing/deals';
import { centsText, fromLocalInput, parseCents, toLocalInput } from '../../../lib/promotion-inputs.ts';

/** The deal form as typed: the price in USDT, the cap as text, times as `datetime-local` values. */
export interface DealFormValues {
  productId: number | null;
  dealPriceCents: string;
  startsAt: string;
  endsAt: string;
  stockCap: string;
}
export type DealField = keyof DealFormValues;
/** A field's problem: the key of its message under `rules.` in the `deals` catalog. */
export type DealIssues = Partial<Record<DealField, string>>;

/** A new deal: starting in 10 minutes for 24 hours, 50 units. */
export function emptyDealForm(now = new Date()): DealFormValues {
  const start = new Date(now.getTime() + 10 * 60_000);
  start.setSeconds(0, 0);
  return { productId: null, dealPriceCents: '', startsAt: toLocalInput(start), endsAt: toLocalInput(new Date(start.getTime() + 86_400_000)), stockCap: '50' };
}

export function dealToForm(d: DealView): DealFormValues {
  return { productId: d.productId, dealPriceCents: centsText(d.dealPriceCents), startsAt: toLocalInput(d.startsAt), endsAt: toLocalInput(d.endsAt), stockCap: String(d.stockCap) };
}

/** The request body (a text that is no number is sent as NaN, so the shared schema names its field). */
export function dealFormToBody(v: DealFormValues, acceptLoss = false): DealBody {
  const cap = v.stockCap.trim();
  return {
    productId: v.productId ?? 0,
    dealPriceCents: parseCents(v.dealPriceCents) ?? Number.NaN,
    startsAt: fromLocalInput(v.startsAt) ?? v.startsAt,
    endsAt: fromLocalInput(v.endsAt) ?? v.endsAt,
    stockCap: /^\d{1,9}$/.test(cap) ? Number(cap) : Number.NaN,
    acceptLoss,
  };
}

/**
 * The form checked in the browser by the shared schema (the server's own rules and message keys),
 * plus the end in the future for a deal not yet running. Keys are under `rules.` without `deal.`.
 */
export function dealIssues(v: DealFormValues, now: Date, running: boolean): DealIssues {
  const issues: DealIssues = {};
  const parsed = dealBody.safeParse(dealFormToBody(v));
  if (!parsed.success) for (const issue of parsed.error.issues) issues[issue.path[0] as DealField] ??= String(issue.message).replace(/^deal\./, '');
  const end = fromLocalInput(v.endsAt);
  if (!running && !issues.endsAt && end && new Date(end).getTime() <= now.getTime()) issues.endsAt = 'endPast';
  return issues;
}
