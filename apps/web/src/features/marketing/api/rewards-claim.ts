import type { ClaimRewardAnswer, ClaimRewardBody } from '@shopdesk/shared/marketing/rewards-schemas';
import { http } from '../../../lib/http.ts';

/** POST /api/systemSettings/getReward with its Idempotency-Key; refusals are shown by the caller. */
export function claimReward(body: ClaimRewardBody, idempotencyKey: string): Promise<ClaimRewardAnswer> {
  return http.post<ClaimRewardAnswer>('/systemSettings/getReward', body, { idempotencyKey, silent: true });
}
