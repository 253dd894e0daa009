import { describe, expect, it } from 'vitest';
import { quietHeadHtml } from './quiet-head-plugin.ts';

const OPTIONS = { faviconHref: '/favicon.svg', manifestHref: '/manifest.webmanifest', readPublic: (file: string) => (file === 'favicon.svg' ? '<svg viewBox="0 0 64 64"><rect fill="#1677ff"/></svg>\n' : '') };
const HTML = '<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n<title>ShopDesk</title><link rel="manifest" href="/manifest.webmanifest"></head><body></body>';

describe('quietHead (issue 12)', () => {
  it('draws the favicon inline and takes the manifest link out', () => {
    const html = quietHeadHtml(HTML, OPTIONS);
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg%20viewBox%3D%220%200%2064%2064%22%3E%3Crect%20fill%3D%22%231677ff%22%2F%3E%3C%2Fsvg%3E" />');
    expect(html).not.toContain('manifest');
    expect(html).not.toContain('/favicon.svg');
    expect(html).toContain('<title>ShopDesk</title></head>');
  });

  it('takes a manifest link with attributes out too (crossorigin)', () => {
    expect(quietHeadHtml(HTML.replace('.webmanifest">', '.webmanifest" crossorigin="use-credentials">'), OPTIONS)).not.toContain('manifest');
  });

  it('fails the build when the favicon or the manifest link is not there', () => {
    expect(() => quietHeadHtml(HTML.replace('href="/favicon.svg"', 'href="/icon.svg"'), OPTIONS)).toThrow(/lacks the favicon link/);
    expect(() => quietHeadHtml(HTML.replace('<link rel="manifest" href="/manifest.webmanifest">', ''), OPTIONS)).toThrow(/lacks the manifest link/);
  });
});
