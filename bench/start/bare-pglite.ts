/** bench/start's baseline: PGlite alone (the server's start parameters) opening an existing folder; prints "ready" once it answers. */
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from '../../apps/server/src/db/pglite-setup.ts';

const client = new PGlite(process.argv[2], { startParams: pgliteStartParams() });
await client.query('select 1');
process.stdout.write('ready\n');
process.on('SIGTERM', () => void client.close().then(() => process.exit(0)));
setInterval(() => {}, 1000);
