import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { reconcile } from '../modules/ledger/reconcile.ts';
import { settlementHoldCheck } from '../modules/wallet/wallet-service.ts';
import { dealCheck } from '../modules/promotions/deal-reconcile.ts';
import { voucherCheck } from '../modules/promotions/voucher-reconcile.ts';

/**
 * `npm run reconcile`: checks the ledger invariants and exits non-zero on any break.
 * With the embedded database, stop the server first (PGlite allows one process), or use
 * `npm run ops -- reconcile`, which asks the running server.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  try {
    const report = await reconcile(database.db, { checks: [settlementHoldCheck(config.settlementHoldHours), voucherCheck, dealCheck] });
    console.log(`accounts: ${report.accounts}, transfers: ${report.transfers}, sum of balances: ${report.totalBalanceCents}`);
    for (const line of report.breaks) console.error(`BREAK: ${line}`);
    console.log(report.ok ? 'ledger OK' : `ledger BROKEN: ${report.breaks.length} problem(s)`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
