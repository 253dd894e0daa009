import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUrl, qrDataUrl } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it("accepts the RFC's test vectors (the 8-digit values' last 6 digits) at their times, with their step", async () => {
    expect(await matchingStep(RFC_SECRET, '287082', 59_000)).toBe(1);
    expect(await matchingStep(RFC_SECRET, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(await matchingStep(RFC_SECRET, '050471', 1_111_111_111_000)).toBe(37_037_037);
  });

  it('accepts one step either side (clock drift) and nothing further', async () => {
    const at = 1_111_111_109_000; // step 37037036, code 081804
    expect(await matchingStep(RFC_SECRET, '081804', at + 30_000)).toBe(37_037_036);
    expect(await matchingStep(RFC_SECRET, '081804', at - 30_000)).toBe(37_037_036);
    expect(await matchingStep(RFC_SECRET, '081804', at + 61_000)).toBeNull();
    expect(await matchingStep(RFC_SECRET, '000000', at)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URL with a QR code of it', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = otpauthUrl('alice', secret);
    expect(url).toMatch(/^otpauth:\/\/totp\/ShopDesk:alice\?/);
    expect(new URL(url).searchParams.get('secret')).toBe(secret);
    expect(new URL(url).searchParams.get('issuer')).toBe('ShopDesk');
    const png = Buffer.from((await qrDataUrl(url)).replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
