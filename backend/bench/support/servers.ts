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

/**
 * The real app in its own process (production mode, logs silent) on a fresh database of
 * DATABASE_URL's server, so the load generator does not share its event loop.
 */
export async function startAppProcess(extraEnv: Record<string, string> = {}): Promise<RunningServer & { db: TestDatabase }> {
  const db = await createTestDatabase('bench');
  const port = await freePort();
  const server = startServerProcess({
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
  try {
    await waitHealthy(baseUrl, server.output);
  } catch (e) {
    await stopChild(server.child);
    await db.drop();
    throw e;
  }
  return {
    baseUrl,
    db,
    stop: async () => {
      await stopChild(server.child);
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
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, PORT: String(port), BODY: body, CONTENT_TYPE: contentType },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil('the bare server', async () => (await fetch(`${baseUrl}/`)).ok, () => '');
  return { baseUrl, stop: () => stopChild(child) };
}
