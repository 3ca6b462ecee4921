import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { OutboxMailer } from '../../src/shared/mail/outbox-mailer.adapter';
import { freePort } from '../support/free-port';

async function query(url: string, sql: string) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('embedded PostgreSQL (the zero-config database)', () => {
  let root: string;
  let dir: string;
  let port: number;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-ep-'));
    fs.chmodSync(root, 0o755);
    dir = path.join(root, 'postgres');
    port = await freePort();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('initialises once, keeps data across restarts, and recovers from a crashed owner', async () => {
    const first = await startEmbeddedPostgres({ dir, port });
    expect(first.owned).toBe(true);
    await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');

    // The owning process "dies" without stopping PostgreSQL (kill -9): the next start takes over.
    fs.writeFileSync(path.join(root, 'postgres.owner.pid'), String(deadPid()));
    const second = await startEmbeddedPostgres({ dir, port });
    expect(second.owned).toBe(true);
    expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
    await second.stop();
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);

    // A stale postmaster.pid whose process is gone does not block the start.
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${deadPid()}\n${dir}\n`);
    const third = await startEmbeddedPostgres({ dir, port });
    expect(await query(third.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);

    // While its owner is alive, another instance connects without taking ownership.
    const guest = await startEmbeddedPostgres({ dir, port });
    expect(guest.owned).toBe(false);
    await guest.stop(); // a no-op for a guest
    expect(await query(third.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    await third.stop();
  });

  it('requires a password: the cluster does not trust local connections', async () => {
    const handle = await startEmbeddedPostgres({ dir, port });
    try {
      const noPassword = new URL(handle.url);
      noPassword.password = '';
      await expect(query(noPassword.toString(), 'SELECT 1')).rejects.toThrow(/password/);
    } finally {
      await handle.stop();
    }
  });

  it('starts in a fresh .data after the outbox wrote a mail there: only the outbox is 0700', async () => {
    const data = path.join(root, 'fresh', '.data');
    const outbox = path.join(data, 'outbox');
    await new OutboxMailer({ dir: outbox, from: 'app@example.com', logText: false }).send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    expect(fs.statSync(outbox).mode & 0o777).toBe(0o700);
    // .data keeps the default mode, so the postgres user (when started as root) can enter it.
    expect(fs.statSync(data).mode & 0o001).toBe(0o001);
    const handle = await startEmbeddedPostgres({ dir: path.join(data, 'postgres'), port: await freePort() });
    try {
      expect(await query(handle.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await handle.stop();
    }
  });
});
