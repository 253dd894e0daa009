import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoMarketplace } from './db/seed/seed-demo.ts';
import { startBackgroundJobs } from './jobs.ts';
import { DEMO } from '@shopdesk/shared/constants';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  const app = await buildApp(config, database);
  if (config.seedDemo) {
    const seeded = await seedDemoMarketplace(database.db, app.log, { uploadsDir: config.uploadsDir });
    if (seeded) app.log.info('Seeded the demo marketplace.');
  }
  const stopJobs = startBackgroundJobs(app);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info(`ShopDesk is running on http://localhost:${config.port} with ${where}`);
  if (config.seedDemo) {
    app.log.info(`Demo login: username "${DEMO.USERNAME}", password "${DEMO.PASSWORD}", fund password "${DEMO.FUND_PASSWORD}"`);
    console.log(`\n  ShopDesk: http://localhost:${config.port}\n  Demo login: ${DEMO.USERNAME} / ${DEMO.PASSWORD} (fund password ${DEMO.FUND_PASSWORD})\n`);
    if (config.carrierKeyGenerated) console.log(`  Carrier key for POST /api/carrier/update (x-carrier-key): ${config.carrierKey}\n`);
    if (config.demoCarrierIntervalMs > 0) console.log(`  Demo carrier: moves purchased orders one step every ${config.demoCarrierIntervalMs / 1000} s\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
