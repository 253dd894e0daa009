import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took in one half of a quiet CI run on this machine (2 cores, both
 * halves side by side; 2026-11-24). A file not listed counts as DEFAULT_SECONDS. Keep it roughly
 * current when a file grows: the halves are only as even as these numbers.
 */
const SECONDS: Record<string, number> = {
  'a11y.e2e.ts': 316,
  'notifications.e2e.ts': 164,
  'desktop.e2e.ts': 127,
  'users-settings.e2e.ts': 89,
  'phone.e2e.ts': 72,
  'orders.e2e.ts': 71,
  'products.e2e.ts': 71,
  'mall-loop.e2e.ts': 59,
  'wallet.e2e.ts': 59,
  'shell.e2e.ts': 58,
  'money-actions.e2e.ts': 54,
  'phone-parity.e2e.ts': 43,
  'rewards.e2e.ts': 40,
  'languages.e2e.ts': 33,
  'tables.e2e.ts': 27,
  'dashboard.e2e.ts': 27,
  'offline.e2e.ts': 25,
  'packages.e2e.ts': 22,
  'bundle-budget.e2e.ts': 17,
  'live-figures.e2e.ts': 50,
};
const DEFAULT_SECONDS = 60;

const seconds = (file: TestSpecification) => SECONDS[path.basename(file.moduleId)] ?? DEFAULT_SECONDS;

/**
 * `--shard=i/n` by expected duration instead of by file count: the longest file goes to the half
 * with the least work so far (vitest's own split sorts by a hash of the path and cuts the list in
 * equal counts, which put the 5-minute accessibility walk and the next four longest files in one
 * half). Every file lands in exactly one half, whatever the weights.
 */
export class BalancedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const halves = Array.from({ length: count }, () => ({ load: 0, files: [] as TestSpecification[] }));
    const longestFirst = [...files].sort((a, b) => seconds(b) - seconds(a) || a.moduleId.localeCompare(b.moduleId));
    for (const file of longestFirst) {
      const lightest = halves.reduce((least, half) => (half.load < least.load ? half : least));
      lightest.files.push(file);
      lightest.load += seconds(file);
    }
    return halves[index - 1]!.files;
  }
}
