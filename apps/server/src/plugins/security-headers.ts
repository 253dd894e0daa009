import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the web app runs under (docs/decisions.md, "Security
 * headers and standing guards"). Scripts come only from our own origin (no inline script, no eval).
 * Styles allow 'unsafe-inline' and nothing else: antd and antd-mobile write their CSS-in-JS into
 * <style> elements at run time and React, echarts and the kits set `style` attributes, which no nonce
 * can cover (and a nonce would need a per-response shell, while the service worker caches one).
 * Pictures may be our own files, data: URIs (icons in the kits' CSS) and blob: (a chosen logo, a
 * voucher fetched with the session header); a PDF voucher opens from a blob: URL in a new tab, which
 * inherits this policy and needs object-src/frame-src blob: for the browser's PDF viewer.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  'object-src blob:',
  'frame-src blob:',
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never documents: nothing may load, run or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Uploaded files (deposit vouchers, logos): a sandboxed document with nothing allowed, so a polyglot
 * (a PDF or picture that is also HTML or script) opened from our origin runs nothing and reaches no
 * cookie or storage of the app; shown in an <img> a picture is unaffected.
 */
export const UPLOAD_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); 0 sends none (default: plain HTTP works). */
  hstsMaxAge: number;
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Security headers on every answer, pages and API alike: the CSP (the app's on pages, a deny-all on
 * API answers; a route that serves a file may set a stricter one of its own), no framing
 * (frame-ancestors 'none' and X-Frame-Options DENY), no MIME sniffing, no Referer leaving the app,
 * its own browsing context group, and HSTS when configured (a deployment behind TLS).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const hsts = options.hstsMaxAge > 0 ? `max-age=${Math.floor(options.hstsMaxAge)}; includeSubDomains` : null;
  // A callback hook set before any route runs: a route's own reply.header(...) still wins.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('content-security-policy', isApi(request.url) ? API_CSP : APP_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (hsts) reply.header('strict-transport-security', hsts);
    done();
  });
}
