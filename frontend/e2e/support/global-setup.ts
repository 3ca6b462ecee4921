import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type FakeYoutube, startFakeYoutube } from '../../../backend/test/support/fake-youtube';
import { startFakeReplicate } from '../../../backend/test/support/fake-replicate';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app's mail outbox (MAIL_OUTBOX_DIR): one JSON file per message sent. */
    outboxDir: string;
    /** The one address in ADMIN_EMAILS (D22): sign up with it and verify to be an admin (D25). */
    adminEmail: string;
    /** A video with English captions on the fake YouTube the app is pointed at (D33). */
    youtubeVideoUrl: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ADMIN_EMAIL = 'e2e-admin@example.com';

/** YouTube stands in as a local server speaking its wire format (D33); one talk with captions. */
async function fakeYoutube(): Promise<{ youtube: FakeYoutube; videoUrl: string }> {
  const youtube = await startFakeYoutube();
  const id = youtube.newId();
  youtube.addVideo(id, {
    kind: 'captions',
    title: 'How Sourdough Bread Rises',
    tracks: [
      {
        languageCode: 'en',
        lines: [
          '[Music]',
          "Hi, I'm Sam and today we're baking sourdough bread at home.",
          'A sourdough starter is flour and water full of wild yeast and bacteria.',
          'Feed the starter the night before so it is active and bubbly in the morning.',
          'Mix the flour, water and starter, then let the dough rest for an hour.',
          'Add the salt and fold the dough every thirty minutes for two hours.',
          'The long, slow rise gives the bread its open crumb & its tangy flavour.',
          'Shape the loaf, proof it in the fridge overnight, and bake it very hot.',
          "That's it: patience is the secret ingredient of good sourdough bread.",
        ],
      },
    ],
  });
  return { youtube, videoUrl: `https://www.youtube.com/watch?v=${id}` };
}

/**
 * D41: the model-chain project's app edits through Replicate (a local server speaking its wire
 * format and each model's schema) with a chain across two vendors; every other project's app uses
 * the zero-config local engine.
 */
export const E2E_MODEL_CHAIN = ['black-forest-labs/flux-2-pro', 'google/nano-banana', 'black-forest-labs/flux-kontext-pro'];

async function modelChainEnv(projectName: string): Promise<{ env: NodeJS.ProcessEnv; close: () => Promise<void> }> {
  if (projectName !== 'model-chain') return { env: {}, close: async () => undefined };
  const replicate = await startFakeReplicate();
  return { env: { ...replicate.env, MODEL_CHAIN: E2E_MODEL_CHAIN.join(',') }, close: () => replicate.close() };
}

/** Starts the built app the way `npm start` does, on a fresh database, and waits until healthy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const main = path.join(ROOT, 'backend', 'dist', 'main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(ROOT, 'frontend', 'dist', 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm test does).');
  }
  console.log(`browser tier: starting the app for project ${project.name}`);
  const port = await freePort();
  const { youtube, videoUrl } = await fakeYoutube();
  const models = await modelChainEnv(project.name);
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-e2e-outbox-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Links in mails must point at the host the browser uses, or the session cookie is not sent.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MAIL_OUTBOX_DIR: outboxDir,
    // Every browser test signs up from 127.0.0.1; D19's per-address limits are tested by the
    // integration tier, not here.
    REGISTRATIONS_PER_IP_PER_DAY: '1000',
    REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000',
    // Up to three test files edit at once on one server (vitest.e2e.config.ts, maxWorkers 3),
    // each as its own user: the per-instance ceiling of 2 (issue 9, a memory guard tested by the
    // integration tier) would answer one of them 429 by timing alone.
    GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '6',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ADMIN_EMAILS: ADMIN_EMAIL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...youtube.env,
    // The local article writer (D33): no server key, whatever the shell has.
    OPENAI_API_KEY: '',
    // The local engine unless this project's app edits through the model chain (D41).
    REPLICATE_API_TOKEN: '',
    MODEL_CHAIN: '',
    ...models.env,
  };
  let cleanup: () => Promise<void>;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `me_e2e_${randomBytes(5).toString('hex')}`;
    await admin(serverUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanup = () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-e2e-'));
    fs.chmodSync(dir, 0o755);
    env.EMBEDDED_PG_DIR = path.join(dir, 'postgres');
    env.EMBEDDED_PG_PORT = String(await freePort());
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const child = spawn(process.execPath, [main], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, () => output);
  } catch (e) {
    await stop(child);
    await cleanup();
    await youtube.close();
    await models.close();
    throw e;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', outboxDir);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('youtubeVideoUrl', videoUrl);

  return async () => {
    await stop(child);
    await cleanup();
    await youtube.close();
    await models.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode} during start:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The app did not become healthy within 60 s:\n${output()}`);
}

/** SIGTERM (graceful: the app stops its embedded PostgreSQL too), SIGKILL after 20 s. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
