/**
 * `npm run typecheck`: the three TypeScript projects, two at a time (the CI machines have two cores
 * and each check runs on one; one after another they took 60 s, side by side 33 s). Each project's
 * output is printed whole when it ends, so two projects' errors never interleave.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['apps/web', 'apps/server', 'packages/shared'];
const PARALLEL = 2;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : `failed (${code})`}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
