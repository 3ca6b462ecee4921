import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { freePort } from '../../test/support/free-port';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const BACKEND = path.resolve(__dirname, '..', '..');

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Server at ${url} did not come up:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function launch(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, { cwd: BACKEND, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  return { child, output: () => out };
}

/**
 * The real app in its own process (production mode, logs silent) on a fresh database of
 * DATABASE_URL's server, so the load generator does not share its event loop.
 */
export async function startAppProcess(extraEnv: Record<string, string> = {}): Promise<RunningServer & { db: TestDatabase }> {
  const db = await createTestDatabase('bench');
  const port = await freePort();
  const { child, output } = launch(['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    TS_NODE_PROJECT: path.join(BACKEND, 'tsconfig.json'),
    ...extraEnv,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, child, output);
  } catch (e) {
    await stopChild(child);
    await db.drop();
    throw e;
  }
  return {
    baseUrl,
    db,
    stop: async () => {
      await stopChild(child);
      await db.drop();
    },
  };
}

/** A bare node:http server in its own process that answers every request with the same bytes. */
export async function startBareServer(body: string, contentType = 'application/json; charset=utf-8'): Promise<RunningServer> {
  const port = await freePort();
  const code = `
    const body = Buffer.from(process.env.BODY, 'utf8');
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length });
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const { child, output } = launch(['-e', code], { ...process.env, PORT: String(port), BODY: body, CONTENT_TYPE: contentType });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/`, child, output);
  return { baseUrl, stop: () => stopChild(child) };
}
