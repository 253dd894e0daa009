/** How a status looks, whatever the UI kit: each kit maps a tone to its own tag colour. */
export type StatusTone = 'waiting' | 'active' | 'success' | 'danger' | 'neutral';

const TONES: Record<string, StatusTone> = {
  pending: 'waiting',
  approved: 'active',
  processing: 'active',
  completed: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
};

/** A deposit's approval is its end (the money is credited); a withdrawal's is a step on the way. */
export function statusTone(status: string, kind?: 'deposit' | 'withdrawal'): StatusTone {
  if (kind === 'deposit' && status === 'approved') return 'success';
  return TONES[status] ?? 'neutral';
}
