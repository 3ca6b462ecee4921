import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { freePort } from './free-port';

const BACKEND = path.resolve(__dirname, '..', '..');
const DIST = path.join(BACKEND, 'dist');
/** Written by `npm run build -w backend` after every successful build (the build is incremental). */
const BUILD_STAMP = path.join(DIST, '.build-stamp');
/** What the build compiles from: a change to any of these makes dist stale. */
const BUILD_INPUTS = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((p) => path.join(BACKEND, p));

/**
 * Newest modification time of a file, or of the files under a directory, leaving out the unit
 * tests (*.spec.ts), which the build leaves out too (0 when none).
 */
function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return p.endsWith('.spec.ts') ? 0 : stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/**
 * Whether backend/dist holds a build at least as new as everything it is built from (`npm test`
 * builds before the tiers that start the server as a process). A source changed since then, or
 * no build at all, makes it false.
 */
export function builtIsFresh(): boolean {
  const built = fs.existsSync(BUILD_STAMP) ? fs.statSync(BUILD_STAMP).mtimeMs : 0;
  return built > 0 && fs.existsSync(path.join(DIST, 'main.js')) && built + 1 >= Math.max(...BUILD_INPUTS.map(newest));
}

/**
 * Node's arguments to run one of the backend's entry points (`src/main.ts`, `src/cli/seed.ts`, …):
 * its compiled twin in dist/ when the build is fresh (it starts in a fraction of the time and runs
 * the same code), else the source through ts-node (transpile only), as the package scripts do.
 */
export function backendEntry(source: string): string[] {
  if (!/^src\/.+\.ts$/.test(source)) throw new Error(`not a backend source entry: ${source}`);
  if (builtIsFresh()) return [path.join(DIST, source.replace(/^src\//, '').replace(/\.ts$/, '.js'))];
  return ['-r', 'ts-node/register/transpile-only', source];
}

/** The environment a backend entry from backendEntry needs (ts-node's project when from source). */
export const BACKEND_ENTRY_ENV = { TS_NODE_PROJECT: path.join(BACKEND, 'tsconfig.json'), TS_NODE_TRANSPILE_ONLY: 'true' } as const;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * How to run the server: the built dist/main.js when the build is fresh, else src/main.ts through
 * ts-node (the default, see backendEntry); always from source; or always the build, with Node flags.
 */
export type ServerBuild = { kind: 'fresh' } | { kind: 'source' } | { kind: 'built'; nodeArgs: readonly string[] };

/** The server as a real process, as `npm start` runs it (the build when fresh, else the source). */
export function startServerProcess(env: Record<string, string>, build: ServerBuild = { kind: 'fresh' }): ServerProcess {
  const args =
    build.kind === 'built'
      ? [...build.nodeArgs, path.join(DIST, 'main.js')]
      : build.kind === 'source'
        ? ['-r', 'ts-node/register/transpile-only', 'src/main.ts']
        : backendEntry('src/main.ts');
  const child = spawn(process.execPath, args, {
    cwd: BACKEND,
    env: { ...process.env, TS_NODE_PROJECT: path.join(BACKEND, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Polls `check` until it holds; on time-out, fails with what the process printed. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, output: () => string, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}:\n${output()}`);
}

/** Waits until GET {base}/api/health answers 200. */
export function waitHealthy(base: string, output: () => string): Promise<void> {
  return waitUntil('the server to be healthy', async () => (await fetch(`${base}/api/health`)).ok, output);
}

/** Ends the process with SIGTERM (as a deployment stops it) and waits for it to exit. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

export interface RunningApp {
  /** http://127.0.0.1:PORT */
  base: string;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Stops the process (the database stays: it is the caller's). */
  stop(): Promise<void>;
}

/**
 * The app as a real process (the build when fresh, else src/main.ts) on `db`, on a free port of
 * 127.0.0.1, with a random session secret and no frontend build, once it answers /api/health. `env` adds to those (NODE_ENV,
 * LOG_LEVEL, limits, fake servers, …) or overrides them.
 */
export async function startAppOnDatabase(db: { url: string }, env: Record<string, string> = {}, build?: ServerBuild): Promise<RunningApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    FRONTEND_DIST_DIR: '/nonexistent-frontend-dist',
    ...env,
  }, build);
  const stop = () => stopServerProcess(server);
  try {
    await waitHealthy(base, server.output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, pid: server.child.pid!, output: server.output, stop };
}
