import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR } from '@shopdesk/shared/constants';

/** A new TOTP secret: 160 random bits in base32 (what authenticator apps expect). */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The otpauth:// URL an authenticator app scans: issuer, account label, secret, 6 digits, 30 s. */
export function otpauthUrl(label: string, secret: string): string {
  return generateURI({ issuer: TWO_FACTOR.ISSUER, label, secret, digits: TWO_FACTOR.DIGITS, period: TWO_FACTOR.PERIOD_SECONDS });
}

/** The URL drawn as a QR code, a PNG data URL the page shows as an image. */
export const qrDataUrl = (url: string) => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

/**
 * The time step (RFC 6238 T) a code belongs to, within TWO_FACTOR.WINDOW_STEPS of `nowMs`; null
 * when it matches none. The caller refuses a step already used (a code is good once).
 */
export async function matchingStep(secret: string, code: string, nowMs = Date.now()): Promise<number | null> {
  const epoch = Math.floor(nowMs / 1000);
  const tolerance = TWO_FACTOR.WINDOW_STEPS * TWO_FACTOR.PERIOD_SECONDS;
  const result = await verify({ secret, token: code, epoch, epochTolerance: tolerance, period: TWO_FACTOR.PERIOD_SECONDS, digits: TWO_FACTOR.DIGITS });
  if (!result.valid) return null;
  return Math.floor(epoch / TWO_FACTOR.PERIOD_SECONDS) + result.delta;
}
