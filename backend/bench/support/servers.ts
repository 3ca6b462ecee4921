import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { freePort } from '../../test/support/free-port';
import { type RunningApp, type ServerBuild, startAppOnDatabase, waitUntil } from '../../test/support/server-process';

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

/** The app in a process of its own, healthy, on a fresh database of DATABASE_URL's server. */
export interface AppProcess extends RunningServer {
  db: TestDatabase;
  pid: number;
  output(): string;
}

/**
 * Starts the app (the build when fresh, else the source through ts-node; or as `build` says) in
 * production mode, logs silent, serving the built frontend, on a fresh database, once healthy;
 * stopping it drops the database.
 */
export async function startOnFreshDatabase(extraEnv: Record<string, string> = {}, build?: ServerBuild): Promise<AppProcess> {
  const db = await createTestDatabase('bench');
  let app: RunningApp;
  try {
    app = await startAppOnDatabase(
      db,
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        FRONTEND_DIST_DIR: path.resolve(__dirname, '..', '..', '..', 'frontend', 'dist'),
        // Production without Stripe keys refuses to start unless the local checkout is allowed (issue 10).
        LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
        // Likewise without a signing certificate (D42): outputs signed by the development CA.
        C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true',
        ...extraEnv,
      },
      build,
    );
  } catch (e) {
    await db.drop();
    throw e;
  }
  return {
    baseUrl: app.base,
    db,
    pid: app.pid,
    output: app.output,
    stop: async () => {
      await app.stop();
      await db.drop();
    },
  };
}

/**
 * The real app (the build when fresh, else src/main.ts through ts-node) in its own process, so the
 * load generator does not share its event loop.
 */
export function startAppProcess(extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  return startOnFreshDatabase(extraEnv);
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
