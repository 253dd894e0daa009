import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { BuyPackageAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { http } from '../../../lib/http.ts';

export interface BuyPackageInput {
  type: PackageType;
  /** The plain 6-digit fund password; it travels base64-encoded (SPEC §5). */
  fundPassword: string;
}

/** POST /api/marketing/buyPackage with its Idempotency-Key; refusals are shown by the caller. */
export function buyPackage(body: BuyPackageInput, idempotencyKey: string): Promise<BuyPackageAnswer> {
  return http.post<BuyPackageAnswer>('/marketing/buyPackage', { type: body.type, fundPassword: encodePassword(body.fundPassword) }, { idempotencyKey, silent: true });
}
