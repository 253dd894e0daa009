import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of a file, or of every file under a folder; 0 when missing. */
export function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((newest, e) => Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
}

/**
 * The newest modification time of the sources (paths relative to the repository root): what the
 * build-if-stale checks of the web app and of the server bundle compare their output with.
 */
export function newestSource(repoRoot: string, sources: readonly string[]): number {
  return Math.max(...sources.map((s) => newestMtime(path.join(repoRoot, s))));
}
