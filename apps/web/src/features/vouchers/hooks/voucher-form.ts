import { lessGenerousField, voucherBody, type VoucherBody, type VoucherStatus, type VoucherTerms, type VoucherView } from '@shopdesk/shared/marketing/vouchers';
import { centsText, fromLocalInput, parseCents, toLocalInput } from '../../../lib/promotion-inputs.ts';

/**
 * The voucher form as typed: amounts in USDT with up to 2 decimals, counts and the percentage as
 * text, times as a `datetime-local` value in the browser's zone. Keys are the request's, so a
 * server refusal (`details[].path`) lands at the field that caused it.
 */
export interface VoucherFormValues {
  name: string;
  scope: VoucherBody['scope'];
  productIds: number[];
  kind: VoucherBody['kind'];
  amountOffCents: string;
  percentOff: string;
  maxDiscountCents: string;
  minSpendCents: string;
  startsAt: string;
  endsAt: string;
  totalQuantity: string;
  perBuyerLimit: string;
  visibility: VoucherBody['visibility'];
  code: string;
}
export type VoucherField = keyof VoucherFormValues;
/** A field's problem: the key of its message under `rules.` in the `vouchers` catalog. */
export type VoucherIssues = Partial<Record<VoucherField, string>>;

function parseWhole(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** A new voucher's form: public, shop-wide, starting in a few minutes for a week. */
export function emptyVoucherForm(now = new Date()): VoucherFormValues {
  const start = new Date(now.getTime() + 10 * 60_000);
  start.setSeconds(0, 0);
  return {
    name: '',
    scope: 'shop',
    productIds: [],
    kind: 'amount',
    amountOffCents: '',
    percentOff: '',
    maxDiscountCents: '',
    minSpendCents: '0',
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(new Date(start.getTime() + 7 * 86_400_000)),
    totalQuantity: '100',
    perBuyerLimit: '1',
    visibility: 'public',
    code: '',
  };
}

/** A saved voucher's terms in the form. */
export function voucherToForm(v: VoucherView): VoucherFormValues {
  return {
    name: v.name,
    scope: v.scope,
    productIds: v.productIds,
    kind: v.kind,
    amountOffCents: centsText(v.amountOffCents),
    percentOff: v.percentOff === null ? '' : String(v.percentOff),
    maxDiscountCents: centsText(v.maxDiscountCents),
    minSpendCents: centsText(v.minSpendCents),
    startsAt: toLocalInput(v.startsAt),
    endsAt: toLocalInput(v.endsAt),
    totalQuantity: String(v.totalQuantity),
    perBuyerLimit: String(v.perBuyerLimit),
    visibility: v.visibility,
    code: v.code ?? '',
  };
}

/**
 * The request body of the form. A field that cannot be read is sent as what the shared schema
 * refuses with that field's own message (NaN, or the raw text for a time), so one schema speaks
 * for the browser and the server; such a body is never sent (`voucherIssues` finds it first).
 */
export function formToBody(v: VoucherFormValues, acceptLoss = false): VoucherBody {
  const percent = v.kind === 'percent';
  const cap = v.maxDiscountCents.trim();
  return {
    name: v.name,
    scope: v.scope,
    productIds: v.scope === 'products' ? v.productIds : [],
    kind: v.kind,
    amountOffCents: percent ? null : (parseCents(v.amountOffCents) ?? Number.NaN),
    percentOff: percent ? (parseWhole(v.percentOff) ?? Number.NaN) : null,
    maxDiscountCents: percent && cap !== '' ? (parseCents(cap) ?? Number.NaN) : null,
    minSpendCents: v.minSpendCents.trim() === '' ? 0 : (parseCents(v.minSpendCents) ?? Number.NaN),
    startsAt: fromLocalInput(v.startsAt) ?? v.startsAt,
    endsAt: fromLocalInput(v.endsAt) ?? v.endsAt,
    totalQuantity: parseWhole(v.totalQuantity) ?? Number.NaN,
    perBuyerLimit: parseWhole(v.perBuyerLimit) ?? Number.NaN,
    visibility: v.visibility,
    code: v.visibility === 'code' && v.code.trim() !== '' ? v.code : null,
    acceptLoss,
  };
}

const FIELDS = new Set<string>(Object.keys(emptyVoucherForm(new Date(0))));
const ruleKey = (message: string) => message.replace(/^voucher\./, '');

/**
 * Every problem of the form, one per field, before anything is sent: the shared schema's rules
 * (end before start, percentage over 100, cap missing, quantity zero…), an end already past, and for
 * a started voucher the first change that would make it less generous (the server's own rule).
 */
export function voucherIssues(v: VoucherFormValues, now: Date, started: VoucherView | null = null): VoucherIssues {
  const issues: VoucherIssues = {};
  const parsed = voucherBody.safeParse(formToBody(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (FIELDS.has(field) && !issues[field as VoucherField]) issues[field as VoucherField] = ruleKey(issue.message);
    }
    return issues;
  }
  if (parsed.data.endsAt.getTime() <= now.getTime()) issues.endsAt = 'endPast';
  if (started && started.status === 'running') {
    const stored = voucherBody.safeParse(formToBody(voucherToForm(started)));
    if (!stored.success) return issues;
    const before = stored.data;
    // The form shows the start to the minute; the stored start keeps its seconds.
    const after: VoucherTerms = { ...parsed.data, startsAt: before.startsAt };
    const field = lessGenerousField(before, after);
    if (field && field !== 'acceptLoss' && FIELDS.has(field)) issues[field as VoucherField] = 'lessGenerous';
  }
  return issues;
}

/** The form's terms for the server: a started voucher keeps its stored start (the form shows it to the minute). */
export function bodyFor(v: VoucherFormValues, started: VoucherView | null, acceptLoss = false): VoucherBody {
  const body = formToBody(v, acceptLoss);
  if (!started || started.status !== 'running') return body;
  // An end left as shown keeps its stored seconds, or the server would read it as moved earlier.
  const endsAt = v.endsAt === toLocalInput(started.endsAt) ? started.endsAt : body.endsAt;
  return { ...body, startsAt: started.startsAt, endsAt };
}

/** Fields a voucher in this status keeps as they are: a started one's scope, type, visibility, code and start. */
export const LOCKED_ONCE_STARTED: readonly VoucherField[] = ['scope', 'kind', 'visibility', 'code', 'startsAt'];

/** How a started voucher's field may still change, as the key of its hint under `form.only.`. */
export const ONLY_MORE_GENEROUS: Partial<Record<VoucherField, 'rise' | 'fall' | 'later' | 'add'>> = {
  amountOffCents: 'rise',
  percentOff: 'rise',
  maxDiscountCents: 'rise',
  totalQuantity: 'rise',
  perBuyerLimit: 'rise',
  minSpendCents: 'fall',
  endsAt: 'later',
  productIds: 'add',
};

export function lockedFields(status: VoucherStatus | null): ReadonlySet<VoucherField> {
  return new Set(status === 'running' ? LOCKED_ONCE_STARTED : []);
}

