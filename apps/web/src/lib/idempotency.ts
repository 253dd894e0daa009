/** A random Idempotency-Key (a v4 UUID), also outside secure contexts where randomUUID is missing. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per submission of a money dialog. A retry of the same request whose answer
 * never arrived (network error, timeout, server error) reuses its key, so the server runs it at
 * most once. Once an answer arrived (success or refusal), or the request changed, the next
 * submission gets a new key: the server replays a stored answer for a known key and refuses a
 * known key with a different body.
 */
export class IdempotencyKeeper {
  private key: string | null = null;
  private fingerprint: string | null = null;
  private readonly create: () => string;

  constructor(create: () => string = newIdempotencyKey) {
    this.create = create;
  }

  /** The key to send with a request identified by `fingerprint`. */
  keyFor(fingerprint: string): string {
    if (this.key === null || this.fingerprint !== fingerprint) {
      this.key = this.create();
      this.fingerprint = fingerprint;
    }
    return this.key;
  }

  /** After the request: `answered` when the server's answer arrived, else the key stays for a retry. */
  settle(answered: boolean): void {
    if (answered) this.reset();
  }

  reset(): void {
    this.key = null;
    this.fingerprint = null;
  }
}
