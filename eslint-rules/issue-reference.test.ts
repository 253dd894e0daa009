import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** `shopdesk/no-issue-reference` fires on the shapes the code base had and stays quiet on plain prose. */
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RULE = 'shopdesk/no-issue-reference';
const FILE = 'apps/server/src/modules/x/x-service.ts';
const TEST_FILE = 'apps/server/test/x/x.test.ts';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: REPO_ROOT });
  await eslint.calculateConfigForFile(FILE);
}, 60_000);

async function findings(code: string, file = FILE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message.match(/^'([^']+)'/)?.[1] ?? m.message);
}

describe('no-issue-reference', { timeout: 60_000 }, () => {
  it.each([
    ['a line comment', '// The mall (issue 13): browsing is public.\nexport const a = 1;\n', ['issue 13']],
    ['a block comment', '/* Users and roles (wave 2). */\nexport const a = 1;\n', ['wave 2']],
    ['a doc comment', "/**\n * Measured at stop 41.\n */\nexport const a = 1;\n", ['stop 41']],
    ['an issue number with a hash', '// see issue #7\nexport const a = 1;\n', ['issue #7']],
  ])('refuses %s', async (_what, code, found) => {
    expect(await findings(code)).toEqual(found);
  });

  it('refuses a test name that cites an issue', async () => {
    const code = "import { describe, it } from 'vitest';\ndescribe('cross-shop sweep (issue 14)', () => {\n  it.skip(`keeps issues 3 apart`, () => {});\n});\n";
    expect(await findings(code, TEST_FILE)).toEqual(['issue 14', 'issues 3']);
  });

  it('leaves prose about issues, stops and waves without a number alone', async () => {
    const code = "// An issue with the pool: it stops when told; a wave of orders arrives.\nexport const message = 'issue 5 of the magazine';\n";
    expect(await findings(code)).toEqual([]);
  });
});
