import type { CoupleApplyAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { http } from '../../../lib/http.ts';

/** POST /api/marketing/couple/apply: ask the shop with this id to link; refusals are shown by the caller. */
export function applyForCouple(shopId: number): Promise<CoupleApplyAnswer> {
  return http.post<CoupleApplyAnswer>('/marketing/couple/apply', { shopId }, { silent: true });
}
