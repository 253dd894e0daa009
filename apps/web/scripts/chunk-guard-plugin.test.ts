import { describe, expect, it } from 'vitest';
import { apartProblems, importCycles, type ChunkReportEntry } from './chunk-guard-plugin.ts';

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

describe('apartProblems', () => {
  const entry = (file: string, imports: string[], dynamicImports: string[], modules: string[], facade: string | null = null, isEntry = false): ChunkReportEntry => ({
    file,
    imports,
    isEntry,
    isDynamicEntry: !isEntry,
    facade,
    dynamicImports,
    bytes: 0,
    gzipBytes: 0,
    modules,
  });
  const ops = {
    name: 'operator console',
    root: 'src/ops/ops-root.tsx',
    modules: [/^src\/ops\//],
    catalogs: [/\/locales\/[^/]+\/ops\.json$/],
  };

  it('passes a build where only the router reaches the console, lazily', () => {
    const report = [
      // The entry may load any catalog lazily: the console's sits in a chunk of its own.
      entry('main.js', ['shared.js'], ['desktop.js', 'mall.js', 'ops.js', 'ops-en.js', 'wallet-en.js'], ['src/main.tsx', 'src/app/router.tsx'], 'src/main.tsx', true),
      entry('wallet-en.js', [], [], ['src/i18n/locales/en-US/wallet.json']),
      entry('desktop.js', ['shared.js'], ['wallet.js'], ['src/app/desktop-root.tsx'], 'src/app/desktop-root.tsx'),
      entry('wallet.js', ['shared.js'], [], ['src/features/wallet/page.tsx']),
      entry('mall.js', ['shared.js'], [], ['src/mall/mall-root.tsx'], 'src/mall/mall-root.tsx'),
      entry('ops.js', ['shared.js'], [], ['src/ops/ops-root.tsx', 'src/ops/api/client.ts'], 'src/ops/ops-root.tsx'),
      entry('ops-en.js', [], [], ['src/i18n/locales/en-US/ops.json']),
      entry('shared.js', [], [], ['src/lib/money-format.ts']),
    ];
    expect(apartProblems(report, ops)).toEqual([]);
  });

  it('fails a build where a seller page, the entry or the mall holds console code or its catalog', () => {
    const report = [
      entry('main.js', [], ['desktop.js', 'mall.js', 'ops.js'], ['src/main.tsx', 'src/ops/api/session.ts'], 'src/main.tsx', true),
      entry('desktop.js', ['shared.js'], ['wallet.js'], ['src/app/desktop-root.tsx'], 'src/app/desktop-root.tsx'),
      // A lazy seller page that bundled a console module with its own.
      entry('wallet.js', [], [], ['src/features/wallet/page.tsx', 'src/ops/pages/deposits-page.tsx']),
      entry('mall.js', ['catalogs.js'], [], ['src/mall/mall-root.tsx'], 'src/mall/mall-root.tsx'),
      entry('catalogs.js', [], [], ['src/i18n/locales/en-US/mall.json', 'src/i18n/locales/en-US/ops.json']),
      entry('ops.js', [], [], ['src/ops/ops-root.tsx'], 'src/ops/ops-root.tsx'),
      entry('shared.js', [], [], ['src/lib/money-format.ts']),
    ];
    expect(apartProblems(report, ops).sort()).toEqual([
      'operator console: catalogs.js holds its catalog src/i18n/locales/en-US/ops.json beside src/i18n/locales/en-US/mall.json',
      "operator console: main.js is loaded by other pages but holds src/ops/api/session.ts",
      "operator console: wallet.js is loaded by other pages but holds src/ops/pages/deposits-page.tsx",
    ]);
  });

  it('fails a build where the console is no chunk of its own', () => {
    const report = [entry('main.js', [], ['desktop.js', 'mall.js'], ['src/main.tsx', 'src/ops/ops-root.tsx'], 'src/main.tsx', true), entry('desktop.js', [], [], ['src/app/desktop-root.tsx'], 'src/app/desktop-root.tsx'), entry('mall.js', [], [], ['src/mall/mall-root.tsx'], 'src/mall/mall-root.tsx')];
    expect(apartProblems(report, ops)).toEqual(['operator console: src/ops/ops-root.tsx is not a separate chunk']);
  });
});
