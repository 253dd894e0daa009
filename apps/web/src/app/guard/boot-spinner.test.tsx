import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BootSpinner } from './boot-spinner.tsx';

describe('BootSpinner', () => {
  it("is the markup of index.html's first paint, so React's first render replaces it without a change", () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
    const root = /<div id="root">(.*)<\/div>\s*<script/s.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<BootSpinner />));
  });
});
