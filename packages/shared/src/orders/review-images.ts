/**
 * Where a review's picture may come from: a small picture sent inline (a data URL of PNG, JPEG,
 * WebP or GIF, what the mall's review form sends), one of our own stored images (product covers,
 * shop logos), or an https address on a host the platform allows. Anything else — another host,
 * plain http, a script URL, a path elsewhere on our origin — is refused when written and left out
 * when shown, so a review cannot make readers' browsers fetch from a host of the reviewer's choosing.
 */
const INLINE = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const OWN = /^\/api\/(catalog\/covers|shop\/logos)\/[A-Za-z0-9._-]+$/;

/** The shape alone (the allowed hosts are the server's configuration). */
export function reviewImageShapeOk(src: string): boolean {
  return INLINE.test(src) || OWN.test(src) || httpsHost(src) !== null;
}

/** True when `src` is inline, ours, or https on one of `hosts` (lower-case host names). */
export function reviewImageAllowed(src: string, hosts: readonly string[]): boolean {
  if (INLINE.test(src) || OWN.test(src)) return true;
  const host = httpsHost(src);
  return host !== null && hosts.includes(host);
}

function httpsHost(src: string): string | null {
  if (!/^https:\/\/\S+$/.test(src)) return null;
  try {
    const url = new URL(src);
    if (url.username || url.password || url.port) return null;
    return url.hostname.toLowerCase();
  } catch {
    return null;
  }
}
