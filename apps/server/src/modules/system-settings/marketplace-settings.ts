import { inArray, sql } from 'drizzle-orm';
import type { MarketplaceSettings, MarketplaceSettingsAnswer } from '@shopdesk/shared/ops/catalog';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { marketplaceSettings } from '../../db/schema.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';

/**
 * Marketplace settings an operator changes in the console: the deposit address per network, the
 * withdrawal limits and fee, the customer service link. The environment variables
 * (DEPOSIT_ADDRESSES, WITHDRAW_*, CUSTOMER_SERVICE_URL) are the first values; a value saved in the
 * console replaces its variable from the next request on, on every instance (each request reads
 * the table: one small indexed read).
 */
const KEYS = ['depositAddresses', 'withdrawMinCents', 'withdrawMaxCents', 'withdrawFeeBp', 'customerServiceUrl'] as const;
type Key = (typeof KEYS)[number];

function fromConfig(config: AppConfig): MarketplaceSettings {
  return {
    depositAddresses: config.depositAddresses,
    withdrawMinCents: config.withdrawPolicy.minCents,
    withdrawMaxCents: config.withdrawPolicy.maxCents,
    withdrawFeeBp: config.withdrawPolicy.feeBp,
    customerServiceUrl: config.customerServiceUrl,
  };
}

async function stored(db: DbOrTx) {
  return db.select().from(marketplaceSettings).where(inArray(marketplaceSettings.key, [...KEYS]));
}

/** The settings in force and which of them were saved in the console. */
export async function readMarketplaceSettings(db: DbOrTx, config: AppConfig): Promise<MarketplaceSettingsAnswer> {
  const rows = await stored(db);
  const settings = { ...fromConfig(config), ...Object.fromEntries(rows.map((r) => [r.key, r.value])) } as MarketplaceSettings;
  const updated = rows.map((r) => r.updatedAt.getTime());
  return {
    settings: { ...settings, depositAddresses: settings.depositAddresses as Record<string, string> },
    stored: rows.map((r) => r.key).sort(),
    updateTime: updated.length ? new Date(Math.max(...updated)).toISOString() : null,
  };
}

/** The configuration with the console's settings in place of their environment variables. */
export async function withMarketplaceSettings(db: DbOrTx, config: AppConfig): Promise<AppConfig> {
  const rows = await stored(db);
  if (rows.length === 0) return config;
  const { settings: s } = await readMarketplaceSettings(db, config);
  return {
    ...config,
    depositAddresses: s.depositAddresses,
    withdrawPolicy: { minCents: s.withdrawMinCents, maxCents: s.withdrawMaxCents, feeBp: s.withdrawFeeBp },
    customerServiceUrl: s.customerServiceUrl,
  };
}

/** Saves the settings that differ from those in force, in one transaction, audited with before and after. */
export async function saveMarketplaceSettings(db: Db, config: AppConfig, operatorUserId: number, input: MarketplaceSettings): Promise<MarketplaceSettingsAnswer> {
  await db.transaction(async (tx) => {
    // One change at a time, so two operators' saves cannot interleave their before and after.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shopdesk:marketplace-settings'))`);
    const { settings: before } = await readMarketplaceSettings(tx, config);
    const after = { ...before, ...input, depositAddresses: { ...before.depositAddresses, ...input.depositAddresses } };
    const changed = KEYS.filter((key: Key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length === 0) return;
    for (const key of changed) {
      await tx
        .insert(marketplaceSettings)
        .values({ key, value: after[key], updatedBy: operatorUserId })
        .onConflictDoUpdate({ target: marketplaceSettings.key, set: { value: after[key], updatedBy: operatorUserId, updatedAt: sql`now()` } });
    }
    const pick = (s: typeof before) => Object.fromEntries(changed.map((key) => [key, s[key]]));
    await recordOperatorAction(tx, operatorUserId, 'settings.update', 'settings', 0, pick(before), pick(after));
  });
  return readMarketplaceSettings(db, config);
}
