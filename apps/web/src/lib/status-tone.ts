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

/** The colour of a shop health band (the credit score's gauge), on both kits. */
export const HEALTH_BAND_COLOR = { good: '#52c41a', warning: '#faad14', blocked: '#ff4d4f' } as const;
