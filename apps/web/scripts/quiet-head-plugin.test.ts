import { describe, expect, it } from 'vitest';
import { largestScriptsFirst, quietHeadHtml } from './quiet-head-plugin.ts';

const OPTIONS = { faviconHref: '/favicon.svg', manifestHref: '/manifest.webmanifest', readPublic: (file: string) => (file === 'favicon.svg' ? '<svg viewBox="0 0 64 64"><rect fill="#1677ff"/></svg>\n' : '') };
const HTML = '<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n<title>ShopDesk</title><link rel="manifest" href="/manifest.webmanifest"></head><body></body>';

describe('quietHead', () => {
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

describe('largestScriptsFirst', () => {
  const HEAD = [
    '<title>ShopDesk</title>',
    '    <script type="module" crossorigin src="/assets/index.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/runtime.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/react-dom.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/jsx.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
    '    <link rel="modulepreload" crossorigin href="/assets/elsewhere.js">',
  ].join('\n');
  const SIZES: Record<string, number> = { '/assets/index.js': 115_000, '/assets/runtime.js': 800, '/assets/react-dom.js': 218_000, '/assets/jsx.js': 50_000, '/assets/elsewhere.js': 999_999 };

  it("orders the entry's script and its preloads by their files' sizes, largest first, and leaves the rest in place", () => {
    expect(largestScriptsFirst(HEAD, (href) => SIZES[href] ?? 0)).toBe(
      [
        '<title>ShopDesk</title>',
        '    <link rel="modulepreload" crossorigin href="/assets/react-dom.js">',
        '    <script type="module" crossorigin src="/assets/index.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/jsx.js">',
        '    <link rel="modulepreload" crossorigin href="/assets/runtime.js">',
        '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
        '    <link rel="modulepreload" crossorigin href="/assets/elsewhere.js">',
      ].join('\n'),
    );
  });

  it('changes nothing without such a run', () => {
    expect(largestScriptsFirst('<head><title>x</title></head>', () => 1)).toBe('<head><title>x</title></head>');
  });
});
