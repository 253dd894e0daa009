import { describe, expect, it } from 'vitest';
import { importCycles, type ChunkReportEntry } from './chunk-guard-plugin.ts';

const chunk = (file: string, imports: string[]): ChunkReportEntry => ({ file, imports, isEntry: false, isDynamicEntry: false, facade: null, dynamicImports: [], bytes: 0, gzipBytes: 0, modules: [] });

describe('importCycles', () => {
  it('finds chunks that import each other, directly or round a longer loop', () => {
    const report = [chunk('entry.js', ['a.js']), chunk('a.js', ['b.js', 'c.js']), chunk('b.js', ['a.js']), chunk('c.js', ['d.js']), chunk('d.js', ['c.js'])];
    expect(importCycles(report)).toEqual([
      ['a.js', 'b.js', 'a.js'],
      ['c.js', 'd.js', 'c.js'],
    ]);
    expect(importCycles([chunk('x.js', ['y.js']), chunk('y.js', ['z.js']), chunk('z.js', ['x.js'])])).toEqual([['x.js', 'y.js', 'z.js', 'x.js']]);
    expect(importCycles([chunk('self.js', ['self.js'])])).toEqual([['self.js', 'self.js']]);
  });

  it('finds none in a tree of shared chunks', () => {
    expect(importCycles([chunk('entry.js', ['a.js', 'b.js']), chunk('a.js', ['shared.js']), chunk('b.js', ['shared.js']), chunk('shared.js', [])])).toEqual([]);
  });

  it('finds the loop the build made when antd-mobile’s render helper stayed outside its group', () => {
    // The report of such a build: its start group and the helper's chunk imported each other.
    const broken = [chunk('start-home.phone.js', ['render.js', 'toast.js']), chunk('render.js', ['start-home.phone.js']), chunk('toast.js', ['start-home.phone.js'])];
    expect(importCycles(broken).map((c) => c.join(' → '))).toEqual(['start-home.phone.js → render.js → start-home.phone.js', 'start-home.phone.js → toast.js → start-home.phone.js']);
  });
});
