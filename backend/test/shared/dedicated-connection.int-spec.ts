import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DedicatedPgConnection, type DedicatedPgConnectionOptions } from '../../src/shared/pg/dedicated-connection';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { waitFor } from '../support/wait-for';

/**
 * The dedicated connection behind the community listener and the instance lease: setup on every
 * connect, reconnect after the server ends the session, and nothing more once stopped.
 */
describe('DedicatedPgConnection', () => {
  let db: TestDatabase;
  let sql: Client;
  const started: DedicatedPgConnection[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('dedicated');
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  /** A connection whose setup LISTENs and records its backend pid; `events` is what it reported. */
  function connection(overrides: Partial<DedicatedPgConnectionOptions> = {}) {
    const appName = `dedicated-${randomUUID().slice(0, 8)}`;
    const channel = `ch_${randomUUID().replace(/-/g, '')}`;
    const events: string[] = [];
    const pids: number[] = [];
    const heard: string[] = [];
    const warnings: string[] = [];
    const c = new DedicatedPgConnection({
      url: db.url,
      applicationName: appName,
      keepAlive: true,
      logger: { warn: (m) => void warnings.push(m) },
      label: 'Test',
      reconnectMs: 50,
      setup: async (client) => {
        events.push('setup');
        const { rows } = await client.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
        await client.query(`LISTEN ${channel}`);
        pids.push(rows[0].pid);
      },
      onNotification: (msg) => {
        if (msg.channel === channel && msg.payload) heard.push(msg.payload);
      },
      onConnected: () => void events.push('connected'),
      onLost: () => void events.push('lost'),
      ...overrides,
    });
    started.push(c);
    const backends = async () =>
      (await sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [appName])).rows.map((r) => r.pid);
    const terminate = async (pid: number) => {
      const { rows } = await sql.query<{ ok: boolean }>(`SELECT pg_terminate_backend($1) AS ok`, [pid]);
      expect(rows[0].ok).toBe(true);
    };
    return { c, events, pids, heard, warnings, channel, backends, terminate };
  }

  it('runs setup, forwards notifications, and after the server ends its session reconnects and runs setup again', async () => {
    const t = connection();
    await t.c.start({ failHard: true });
    expect(t.c.connected).toBe(true);
    expect(t.events).toEqual(['setup', 'connected']);
    expect(await t.backends()).toEqual([t.pids[0]]);
    await sql.query(`SELECT pg_notify($1, 'one')`, [t.channel]);
    await waitFor('first notification', () => t.heard.length === 1);

    await t.terminate(t.pids[0]);
    await waitFor('a second connection', () => t.events.filter((e) => e === 'connected').length === 2);
    expect(t.events).toEqual(['setup', 'connected', 'lost', 'setup', 'connected']);
    expect(t.c.connected).toBe(true);
    expect(t.pids[1]).not.toBe(t.pids[0]);
    expect(await t.backends()).toEqual([t.pids[1]]); // the old session is gone, only the new one is held
    expect(t.warnings.some((w) => w.startsWith('Test connection error:'))).toBe(true);

    // The LISTEN was set up again: notifications arrive on the new connection.
    await sql.query(`SELECT pg_notify($1, 'two')`, [t.channel]);
    await waitFor('second notification', () => t.heard.length === 2);
    expect(t.heard).toEqual(['one', 'two']);
  });

  it('retries a failed setup when not failing hard, and rejects a hard start without retrying', async () => {
    let attempts = 0;
    const soft = connection({
      setup: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('not yet');
      },
    });
    await soft.c.start();
    expect(soft.c.connected).toBe(false);
    await waitFor('a successful retry', () => soft.c.connected);
    expect(soft.events).toEqual(['lost', 'connected']);
    expect(soft.warnings).toContain('Test could not connect: not yet');

    let hardAttempts = 0;
    const hard = connection({
      setup: async () => {
        hardAttempts += 1;
        throw new Error('refused');
      },
    });
    await expect(hard.c.start({ failHard: true })).rejects.toThrow('refused');
    expect(hard.c.connected).toBe(false);
    // A control that reconnects later than `hard` would have retried: once it is back, no retry came.
    const control = connection({ reconnectMs: 400 });
    await control.c.start();
    await control.terminate(control.pids[0]);
    await waitFor('the control to reconnect', () => control.events.filter((e) => e === 'connected').length === 2);
    expect(hardAttempts).toBe(1);
    expect(hard.events).toEqual([]);
    expect(await hard.backends()).toEqual([]);
  });

  it('reconnects no more once stopped, whether stopped while connected or while waiting to reconnect', async () => {
    // `control` reconnects after a longer delay than the stopped ones would: once it is back,
    // their reconnect timers would have fired long before.
    const control = connection({ reconnectMs: 400 });
    const whileConnected = connection();
    const whileWaiting = connection();
    await Promise.all([control.c.start(), whileConnected.c.start(), whileWaiting.c.start()]);

    await whileWaiting.terminate(whileWaiting.pids[0]);
    await waitFor('the drop to be noticed', () => whileWaiting.events.includes('lost'));
    await whileWaiting.c.stop(); // a reconnect timer is pending
    await whileConnected.c.stop();
    expect(await whileConnected.backends()).toEqual([]);

    await control.terminate(control.pids[0]);
    await waitFor('the control to reconnect', () => control.events.filter((e) => e === 'connected').length === 2);

    expect(whileWaiting.events).toEqual(['setup', 'connected', 'lost']);
    expect(whileConnected.events).toEqual(['setup', 'connected']); // stopping is not a loss
    expect([whileWaiting.c.connected, whileConnected.c.connected]).toEqual([false, false]);
    expect([...(await whileWaiting.backends()), ...(await whileConnected.backends())]).toEqual([]);
  });

  it('stopped while a reconnect attempt is under way: ends its session, and the attempt never connects nor logs', async () => {
    // The attempt after the drop holds its session and waits in `setup` until released, as a slow
    // LISTEN would on a loaded server; the app shuts down (stop) meanwhile.
    let attemptStarted!: () => void;
    const attempting = new Promise<void>((resolve) => (attemptStarted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let setups = 0;
    const t = connection({
      setup: async (client) => {
        setups += 1;
        if (setups === 2) {
          attemptStarted();
          await released;
        }
        await client.query('SELECT 1');
      },
    });
    await t.c.start({ failHard: true });
    const [first] = await t.backends();
    await t.terminate(first);
    await attempting;
    expect(await t.backends()).toHaveLength(1); // the attempt's own session

    const stopping = t.c.stop();
    await waitFor('the attempt’s session to end', async () => (await t.backends()).length === 0);
    release();
    await stopping; // resolves once the attempt has given up

    expect(t.events).toEqual(['connected', 'lost']);
    expect(t.c.connected).toBe(false);
    expect(t.warnings.filter((w) => w.startsWith('Test could not connect'))).toEqual([]);
    expect(await t.backends()).toEqual([]);
  });
});
