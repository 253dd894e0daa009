import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took in a run of all of them one after another on a quiet 2-core
 * machine (2026-11-29). A file not listed counts as DEFAULT_SECONDS. Keep it roughly current when a
 * file grows or a new one comes: the halves are only as even as these numbers.
 */
const SECONDS: Record<string, number> = {
  'a11y.e2e.ts': 170,
  'notifications.e2e.ts': 50,
  'ops-console.e2e.ts': 50,
  'security.e2e.ts': 44,
  'users-settings.e2e.ts': 35,
  'dashboard.e2e.ts': 26,
  'chat-seller.e2e.ts': 30,
  'desktop.e2e.ts': 25,
  'live-figures.e2e.ts': 23,
  'vouchers.e2e.ts': 12,
  'voucher-results.e2e.ts': 10,
  'deals.e2e.ts': 20,
  'promotions-story.e2e.ts': 25,
  'packages.e2e.ts': 22,
  'mall-loop.e2e.ts': 20,
  'shell.e2e.ts': 19,
  'mall-deposit.e2e.ts': 17,
  'wallet.e2e.ts': 17,
  'products.e2e.ts': 16,
  'products-sheet.e2e.ts': 25,
  'product-variants.e2e.ts': 16,
  'service-worker-pages.e2e.ts': 15,
  'phone.e2e.ts': 15,
  'orders.e2e.ts': 15,
  'order-variants.e2e.ts': 11,
  'money-actions.e2e.ts': 15,
  'rewards.e2e.ts': 15,
  'ops-shops.e2e.ts': 15,
  'bundle-budget.e2e.ts': 14,
  'pricing-loss.e2e.ts': 13,
  'ops-warehouse.e2e.ts': 16,
  'ops-variants.e2e.ts': 11,
  'phone-parity.e2e.ts': 12,
  'roles.e2e.ts': 12,
  'shell-leaks.e2e.ts': 10,
  'ops-offers.e2e.ts': 10,
  'account-pages.e2e.ts': 10,
  'offline.e2e.ts': 10,
  'tables.e2e.ts': 9,
  'mall-quantity.e2e.ts': 8,
  'mall-variants.e2e.ts': 13,
  'chat-mall.e2e.ts': 6,
  'error-boundary.e2e.ts': 8,
  'languages.e2e.ts': 8,
  'mall-order-received.e2e.ts': 8,
  'statement-columns.e2e.ts': 8,
  'ops-import.e2e.ts': 6,
  'emoji-text.e2e.ts': 4,
  'kit-locales.e2e.ts': 3,
  'mall-install.e2e.ts': 2,
};
const DEFAULT_SECONDS = 15;

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
