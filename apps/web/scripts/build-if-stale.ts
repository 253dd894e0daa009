/**
 * `npm start`: builds the web app only when a source is newer than the build (or there is none), so a
 * restart does not pay for a build it does not need. `FORCE_BUILD=1` always builds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestSource } from '../../../scripts/newest-mtime.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/scripts', 'apps/web/package.json', 'packages/shared/src', 'package-lock.json'];

const built = fs.existsSync(path.join(dist, 'index.html')) ? fs.statSync(path.join(dist, 'index.html')).mtimeMs : 0;
const newest = newestSource(repoRoot, SOURCES);
if (process.env.FORCE_BUILD !== '1' && built > 0 && built >= newest) {
  console.log(`The web build in ${path.relative(repoRoot, dist) || dist} is current: not rebuilding.`);
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
