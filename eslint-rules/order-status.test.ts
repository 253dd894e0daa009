import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_VALUES } from '@shopdesk/shared/orders/lifecycle';
import { ORDER_STATUS_WORDS } from './order-status.js';

/**
 * The one-vocabulary rule of eslint.config.js (`shopdesk/order-status-literal`) fires on order
 * statuses spelled by hand — the shapes the code had before the lifecycle moved to
 * packages/shared — and stays quiet on code derived from the lifecycle, on other lifecycles' words,
 * and in the files it exempts. Real paths, so the config's file globs apply as in a real lint run.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RULE = 'shopdesk/order-status-literal';
const SERVICE = 'apps/server/src/modules/x/x-service.ts';
const WEB = 'apps/web/src/features/x/x-page.tsx';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: REPO_ROOT });
  await eslint.calculateConfigForFile(SERVICE);
}, 60_000);

async function findings(code: string, file = SERVICE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message.match(/'([^']+)'/)?.[1] ?? m.message);
}

describe('order-status-literal', { timeout: 60_000 }, () => {
  it("knows the shared lifecycle's statuses, and only those", () => {
    for (const [dimension, values] of Object.entries(ORDER_STATUS_VALUES)) {
      expect(ORDER_STATUS_WORDS[dimension as keyof typeof ORDER_STATUS_WORDS], dimension).toEqual(values.filter((v) => v !== 'none'));
    }
  });

  it.each([
    // buyer-service's tab predicates as they were
    ['SQL after a status column', "import { sql } from 'drizzle-orm';\nimport { orders } from '../../db/schema.ts';\nexport const toShip = sql`${orders.paymentStatus} = 'paid' and ${orders.shippingStatus} = 'pending_shipment'`;\n", ['paid', 'pending_shipment']],
    // dashboard-service's "valid order"
    ['SQL text naming the column', "import { sql } from 'drizzle-orm';\nexport const valid = sql`o.payment_status in ('paid', 'completed') and o.refund_status is distinct from 'approved'`;\n", ['paid', 'approved']],
    ['a drizzle operator', "import { eq } from 'drizzle-orm';\nimport { orders } from '../../db/schema.ts';\nexport const signed = eq(orders.shippingStatus, 'signed');\n", ['signed']],
    ['a comparison with a status field', "export const settled = (o: { paymentStatus: string }) => o.paymentStatus === 'completed';\n", ['completed']],
    ['a status field set by hand', "export const set = { refundStatus: 'approved' as const, paymentStatus: 'cancelled' as const };\n", ['approved', 'cancelled']],
    ['a switch on a status field', "export function f(o: { shippingStatus: string }) {\n  switch (o.shippingStatus) {\n    case 'signed':\n      return 1;\n  }\n  return 0;\n}\n", ['signed']],
    ['a status type', "export type CarrierStatus = 'in_transit' | 'signed';\n", ['in_transit', 'signed']],
    ['an order-only status compared with anything', "export const warn = (stage: string) => stage === 'to_purchase';\n", ['to_purchase']],
  ])('refuses %s', async (_what, code, statuses) => {
    expect(await findings(code)).toEqual(statuses);
  });

  it("refuses the web's second status label as it was", async () => {
    const code = `export function orderStatusKey(order: { paymentStatus: string; shippingStatus: string; refundStatus: string | null }) {
  if (order.refundStatus === 'refunding') return 'refunding';
  if (order.paymentStatus === 'cancelled') return 'cancelled';
  if (order.shippingStatus === 'in_transit') return 'shipping';
  return 'toShip';
}
`;
    expect(await findings(code, WEB)).toEqual(['refunding', 'cancelled', 'in_transit']);
  });

  it('stays quiet on code derived from the lifecycle and on other lifecycles', async () => {
    const derived = `import { ORDER_CONDITIONS, isSettled } from '@shopdesk/shared/orders/lifecycle';
import { orderConditionSql } from '../orders/order-lifecycle.ts';
export const refunds = orderConditionSql(ORDER_CONDITIONS.refundWaiting);
export const settled = (o: { paymentStatus: string }) => isSettled(o);
`;
    expect(await findings(derived)).toEqual([]);
    // A withdrawal's or a deposit's status is not an order's.
    const others = `export const done = (w: { status: string }) => w.status === 'approved' || w.status === 'completed';
export const deposit = { status: 'rejected' };
`;
    expect(await findings(others)).toEqual([]);
    // Tab names and label keys that read like statuses are not comparisons.
    expect(await findings("export const TABS = ['all', 'to_purchase', 'signed'] as const;\n", WEB)).toEqual([]);
  });

  it('lets the lifecycle itself, tests and the demo seed spell statuses', async () => {
    const code = "export const settled = (o: { paymentStatus: string }) => o.paymentStatus === 'completed';\n";
    expect(await findings(code, 'packages/shared/src/orders/lifecycle.ts')).toEqual([]);
    expect(await findings(code, 'apps/server/test/orders/x.test.ts')).toEqual([]);
    expect(await findings(code, 'apps/server/src/db/seed/seed-x.ts')).toEqual([]);
    expect(await findings(code, 'packages/shared/src/orders/schemas.ts')).toEqual(['completed']);
  });
});
