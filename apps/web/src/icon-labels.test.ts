import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const sources = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx')).map((f) => [f, fs.readFileSync(path.join(SRC, f), 'utf8')] as const);

/** Every Ant Design icon element written in our code (`<ShoppingCartOutlined … />`). */
const ICON = /<([A-Z]\w*(?:Outlined|Filled|TwoTone))\b([^>]*?)\/?>/g;

describe('icons for screen readers', () => {
  it('never reads out an English icon name: each icon is hidden beside its text, or has a translated label', () => {
    const problems: string[] = [];
    for (const [file, text] of sources) {
      for (const m of text.matchAll(ICON)) {
        const attributes = m[2];
        if (/\baria-hidden\b/.test(attributes)) continue;
        if (/\baria-label=\{t\(/.test(attributes)) continue;
        problems.push(`${file}: <${m[1]}${attributes}>`);
      }
    }
    expect(sources.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('shows no yen sign for USDT money (the funding-records icon)', () => {
    const yen = sources.filter(([, text]) => /\bPayCircleOutline\b|\bPayCircleOutlined\b|\bMoneyCollectOutlined\b/.test(text)).map(([file]) => file);
    expect(yen).toEqual([]);
  });
});
