import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's import rules of eslint.config.js: `import-x/no-cycle` refuses a file cycle and
 * `shopdesk/no-module-cycle` a module (a folder of apps/server/src/modules) importing a module that
 * imports it back, even when no file cycle exists. Probe modules are written under the real modules
 * folder so the config and the resolver apply as in `npm run lint`.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(REPO_ROOT, 'apps/server/src/modules');
const tag = `${process.pid}-${Date.now()}`;
const modA = `lint-probe-a-${tag}`;
const modB = `lint-probe-b-${tag}`;
const file = (module: string, name: string) => path.join(MODULES, module, name);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
  fs.mkdirSync(path.join(MODULES, modA), { recursive: true });
  fs.mkdirSync(path.join(MODULES, modB), { recursive: true });
});
afterAll(() => {
  fs.rmSync(path.join(MODULES, modA), { recursive: true, force: true });
  fs.rmSync(path.join(MODULES, modB), { recursive: true, force: true });
});

async function ruleIds(files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}`)).sort();
}

describe('server import cycles', { timeout: 120_000 }, () => {
  it('refuses a file cycle across two modules with both rules', async () => {
    fs.writeFileSync(file(modA, 'a.ts'), `import { b } from '../${modB}/b.ts';\n\nexport const a = (): number => b() + 1;\n`);
    fs.writeFileSync(file(modB, 'b.ts'), `import { a } from '../${modA}/a.ts';\n\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`);
    expect(await ruleIds([file(modA, 'a.ts'), file(modB, 'b.ts')])).toEqual(['a.ts import-x/no-cycle', 'a.ts shopdesk/no-module-cycle', 'b.ts import-x/no-cycle', 'b.ts shopdesk/no-module-cycle']);
  });

  it('refuses a module loop made of different files, which no file cycle shows', async () => {
    fs.writeFileSync(file(modA, 'a.ts'), `import { b } from '../${modB}/b.ts';\n\nexport const a = (): number => b() + 1;\n`);
    fs.writeFileSync(file(modA, 'w.ts'), 'export const w = (): number => 2;\n');
    fs.writeFileSync(file(modB, 'b.ts'), 'export const b = (): number => 0;\n');
    fs.writeFileSync(file(modB, 'z.ts'), `import { w } from '../${modA}/w.ts';\n\nexport const z = (): number => w();\n`);
    expect(await ruleIds([file(modA, 'a.ts'), file(modA, 'w.ts'), file(modB, 'b.ts'), file(modB, 'z.ts')])).toEqual(['a.ts shopdesk/no-module-cycle', 'z.ts shopdesk/no-module-cycle']);
  });

  it('stays quiet when the imports go one way', async () => {
    fs.rmSync(file(modB, 'z.ts'));
    expect(await ruleIds([file(modA, 'a.ts'), file(modA, 'w.ts'), file(modB, 'b.ts')])).toEqual([]);
  });
});
