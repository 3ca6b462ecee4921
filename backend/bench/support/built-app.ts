import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtIsFresh } from '../../test/support/server-process';
import { type AppProcess, startOnFreshDatabase } from './servers';

const BACKEND = path.resolve(__dirname, '..', '..');
export const BUILT_MAIN = path.join(BACKEND, 'dist', 'main.js');

/** Throws unless backend/dist exists and is at least as new as backend/src (run `npm run build` first). */
export function assertFreshBuild(): void {
  if (!fs.existsSync(BUILT_MAIN)) throw new Error('backend/dist/main.js is missing: run `npm run build -w backend` first');
  // The build is incremental (it rewrites only the files whose output changed); its stamp tells
  // when it last ran.
  if (!builtIsFresh() && !process.env.BENCH_ALLOW_STALE_DIST) {
    throw new Error('backend/dist is older than backend/src: run `npm run build -w backend` first (or set BENCH_ALLOW_STALE_DIST=1)');
  }
}

/**
 * How production runs the server: scripts/node-runtime.sh (the root and backend `start` scripts
 * and docker/Dockerfile's CMD run it), its allocator settings read from the script itself.
 */
export const PRODUCTION_RUNTIME: { nodeArgs: readonly string[]; env: Readonly<Record<string, string>> } = {
  nodeArgs: ['--max-semi-space-size=4'],
  env: Object.fromEntries(
    execFileSync('sh', [path.join(BACKEND, '..', 'scripts', 'node-runtime.sh'), '--print-env'], { encoding: 'utf8', env: process.env })
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ),
};

/**
 * The BUILT app (`node backend/dist/main.js`, what `npm start` and the Docker image run), for
 * measurements where the ts-node loader of startAppProcess would distort the figures (memory: the
 * TypeScript compiler alone is tens of MB).
 */
export function startBuiltAppProcess(extraEnv: Record<string, string> = {}, nodeArgs: readonly string[] = []): Promise<AppProcess> {
  assertFreshBuild();
  return startOnFreshDatabase(extraEnv, { kind: 'built', nodeArgs });
}

/** Resident memory of a process from /proc (Linux): VmRSS and its peak VmHWM, in MB. */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
