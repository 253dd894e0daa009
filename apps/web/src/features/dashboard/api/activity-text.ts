import type { TFunction } from 'i18next';
import type { ActivityEntry } from '@shopdesk/shared/activity-log/schemas';
import type { CreditEventView } from '@shopdesk/shared/dashboard/schemas';

/** One activity entry as a sentence: "Purchased the stock of order SD… (12.00 USDT)". */
export function activityText(t: TFunction, entry: ActivityEntry, usdt: (cents: number) => string): string {
  const amount = typeof entry.detail.amountCents === 'number' ? usdt(entry.detail.amountCents) : '';
  const decision = typeof entry.detail.decision === 'string' ? t(`dashboard:activity.decision.${entry.detail.decision}`, { defaultValue: entry.detail.decision }) : '';
  return t(`dashboard:activity.text.${entry.action}`, { ...entry.detail, subject: entry.subject ?? '', amount, decision, defaultValue: `${entry.action} ${entry.subject ?? ''}` });
}

/** A credit change with its reason: "−5: purchase of order SD… was late". */
export function creditReasonText(t: TFunction, event: CreditEventView): string {
  const reason = t(`dashboard:health.reason.${event.reason}`, { ref: event.ref ?? '', defaultValue: event.reason });
  return event.note ? `${reason} — ${event.note}` : reason;
}

export const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${Math.abs(delta)}` : '0');
