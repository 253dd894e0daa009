import type { CoupleRespondAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { http } from '../../../lib/http.ts';

/** POST /api/marketing/couple/respond: the asked shop agrees or declines. */
export function respondToCouple(requestId: number, accept: boolean): Promise<CoupleRespondAnswer> {
  return http.post<CoupleRespondAnswer>('/marketing/couple/respond', { requestId, accept }, { silent: true });
}
