import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupPglite, backupPostgres, backupServerMarker, requestBackupFromServer, type BackupResult } from '../db/backup.ts';
import { folderHolder, openDatabase } from '../db/client.ts';
import { holdsDatabase, pgliteFolder } from '../db/pglite-setup.ts';
import fs from 'node:fs';

/**
 * `npm run backup -- FILE`: the database and the uploads into one gzipped tar (docs/operations.md).
 * The embedded database: a running server writes it (asked through the data folder), else this
 * command opens the folder itself. PostgreSQL (DATABASE_URL): `pg_dump`, while the instances run.
 */
async function main(args: string[]) {
  const target = args[0];
  if (!target) {
    console.error('usage: npm run backup -- FILE   (e.g. backups/shopdesk-$(date +%F).tar.gz)');
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const config = loadConfig({ logLevel: 'silent' });
  let result: BackupResult;
  if (config.databaseUrl) {
    result = await backupPostgres(config.databaseUrl, config.uploadsDir, file);
  } else {
    const holder = folderHolder(config.dataDir);
    if (holder !== null) {
      const marker = backupServerMarker(config.dataDir);
      const server = fs.existsSync(marker) ? Number(fs.readFileSync(marker, 'utf8')) : null;
      if (server !== holder) throw new Error(`${config.dataDir} is in use by process ${holder}, which does not take backup requests; wait for it to end, or stop it`);
      console.log(`Asking the running server (process ${holder}) to write the backup…`);
      const answer = await requestBackupFromServer(config.dataDir, holder, file, Number(process.env.BACKUP_WAIT_MS || 600_000));
      if (!answer.ok) throw new Error(`the server could not write the backup: ${answer.error}`);
      result = answer;
    } else {
      if (!holdsDatabase(pgliteFolder(config.dataDir))) throw new Error(`${config.dataDir} holds no database (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
      const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
      try {
        result = await backupPglite(database, config.uploadsDir, file);
      } finally {
        await database.close();
      }
    }
  }
  console.log(`Backup written: ${result.file} (${(result.bytes / 2 ** 20).toFixed(1)} MB, ${result.uploads} uploaded files)`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
