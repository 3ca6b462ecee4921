import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { freePort } from '../../test/support/free-port';
import { startServerProcess, waitHealthy, waitUntil } from '../../test/support/server-process';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A server process as the benches need it: its child, and everything it printed so far. */
export interface LaunchedProcess {
  child: ChildProcess;
  output(): string;
}

/** The app in a process of its own, healthy, on a fresh database of DATABASE_URL's server. */
export interface AppProcess extends RunningServer {
  db: TestDatabase;
  pid: number;
  output(): string;
}

/**
 * Starts the app with `launch` (ts-node or the built dist) in production mode, logs silent, on a
 * fresh database, and waits until it is healthy; stopping it drops the database.
 */
export async function startOnFreshDatabase(launch: (env: Record<string, string>) => LaunchedProcess, extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  const db = await createTestDatabase('bench');
  const port = await freePort();
  const server = launch({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Production without Stripe keys refuses to start unless the local checkout is allowed (issue 10).
    LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
    ...extraEnv,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(server.child);
    await db.drop();
  };
  try {
    await waitHealthy(baseUrl, server.output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, db, pid: server.child.pid!, output: server.output, stop };
}

/**
 * The real app (src/main.ts through ts-node) in its own process, so the load generator does not
 * share its event loop.
 */
export function startAppProcess(extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  return startOnFreshDatabase((env) => startServerProcess(env), extraEnv);
}

/** A bare node:http server in its own process that answers every request with the same bytes. */
export async function startBareServer(body: string, contentType = 'application/json; charset=utf-8'): Promise<RunningServer & { pid: number }> {
  const port = await freePort();
  const code = `
    const body = Buffer.from(process.env.BODY, 'utf8');
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length });
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, PORT: String(port), BODY: body, CONTENT_TYPE: contentType },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil('the bare server', async () => (await fetch(`${baseUrl}/`)).ok, () => '');
  return { baseUrl, pid: child.pid!, stop: () => stopChild(child) };
}
