import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { roundPathData, slimIconModule } from './icon-paths-plugin.ts';

/** Every number of SVG path data, as a path parser reads them. */
const numbers = (d: string) => Array.from(d.matchAll(/-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g), (m) => Number(m[0]));

describe('roundPathData', () => {
  it('rounds decimals to two places, as short as they go', () => {
    expect(roundPathData('M38.6673097,11.5277497 L27.3505965,4.90817356 C25,3.6972 20.6583507,0.50', 2)).toBe('M38.67,11.53 L27.35,4.91 C25,3.7 20.66,.5');
    expect(roundPathData('M-0.4 -0.004 l-12.125,1.5e-7 3', 2)).toBe('M-.4 0 l-12.13,0 3');
  });

  it('keeps numbers that run together apart', () => {
    // 1.5.5 is 1.5 then .5; 10.001.5 is 10.001 then .5, which rounds to 10 and must not become 10.5.
    expect(roundPathData('M1.5.5L10.001.5', 2)).toBe('M1.5.5L10 .5');
    expect(numbers(roundPathData('M1.5.5L10.001.5', 2))).toEqual([1.5, 0.5, 10, 0.5]);
  });
});

describe('slimIconModule', () => {
  const dir = path.resolve(import.meta.dirname, '../../../node_modules/antd-mobile-icons/es');
  const icons = fs.readdirSync(dir).filter((f) => /^[A-Z]\w*\.js$/.test(f));

  it('moves no point of any icon by more than half a hundredth of a unit, and drops the ids', () => {
    expect(icons.length).toBeGreaterThan(100);
    for (const file of icons) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      const slim = slimIconModule(code, 2);
      const paths = (source: string) => Array.from(source.matchAll(/\bd: "([^"]*)"/g), (m) => m[1]);
      const before = paths(code);
      const after = paths(slim);
      expect(after.length, file).toBe(before.length);
      before.forEach((d, i) => {
        const [a, b] = [numbers(d), numbers(after[i])];
        expect(b.length, file).toBe(a.length);
        a.forEach((n, j) => expect(Math.abs(n - b[j]), `${file} #${j}`).toBeLessThanOrEqual(0.005 + 1e-9));
        // The commands are the same, in the same order.
        expect(after[i].replace(/[^A-Za-z]/g, ''), file).toBe(d.replace(/[^A-Za-z]|e/g, ''));
      });
      expect(slim, file).not.toMatch(/\bid: "/);
      expect(slim.length, file).toBeLessThan(code.length);
    }
  });
});
