/**
 * Passwords travel base64-encoded (SPEC §5). These helpers work in the browser and in Node and
 * import nothing: the browser's start (the orders API's purchase, the logins) needs them without
 * the schemas and zod. `auth/schemas.ts` re-exports them.
 */
export function encodePassword(plain: string): string {
  const bytes = new TextEncoder().encode(plain);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodePassword(encoded: string): string | null {
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return null;
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
