import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { freePort } from './free-port';

const BACKEND = path.resolve(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** How to run the server: src/main.ts through ts-node (the default), or the built dist/main.js with Node flags. */
export type ServerBuild = { kind: 'source' } | { kind: 'built'; nodeArgs: readonly string[] };

/** The server as a real process, as `npm start` runs it (from source: without the build step). */
export function startServerProcess(env: Record<string, string>, build: ServerBuild = { kind: 'source' }): ServerProcess {
  const args = build.kind === 'source' ? ['-r', 'ts-node/register/transpile-only', 'src/main.ts'] : [...build.nodeArgs, path.join(BACKEND, 'dist', 'main.js')];
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
 * The app as a real process (src/main.ts) on `db`, on a free port of 127.0.0.1, with a random
 * session secret and no frontend build, once it answers /api/health. `env` adds to those (NODE_ENV,
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
