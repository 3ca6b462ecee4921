import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database-options';
import { migrateDatabase } from '../../src/database/migrate';
import { MIGRATIONS } from '../../src/database/migrations';
import { createTestDatabase, TestDatabase } from '../support/database';

const CATALOGUE = [
  'account_counts',
  'admin_audit_log',
  'admin_whitelist',
  'billing_checkout_claim',
  'billing_checkout_session',
  'billing_invoice',
  'billing_subscription',
  'contact_message',
  'credit_reservation',
  'credit_transaction',
  'device_fingerprint',
  'image',
  'image_block',
  'image_daily_stats',
  'image_object_deletion',
  'image_rendition',
  'image_report',
  'image_report_case',
  'ip_registration',
  'laugh',
  'laugh_count_delta',
  'ledger_daily_stats',
  'model_attempt',
  'model_fallback_state',
  'model_health',
  'password_reset_token',
  'processed_payment_event',
  'rate_limit_attempt',
  'session',
  'subscriber_count',
  'user',
  'video_waitlist',
];

describe('migrations', () => {
  let db: TestDatabase;
  let client: Client;
  const tables = async () =>
    (
      await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`,
      )
    ).rows.map((r) => r.table_name);
  const fails = async (sql: string, params: unknown[] = []) => {
    await client.query('SAVEPOINT s');
    try {
      await client.query(sql, params);
    } catch (e) {
      await client.query('ROLLBACK TO SAVEPOINT s');
      return (e as { constraint?: string; message: string }).constraint ?? (e as Error).message;
    }
    throw new Error(`expected failure: ${sql}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase('mig', { empty: true });
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('apply on an empty database, twice at once without conflict, creating the whole catalogue', async () => {
    const [a, b] = await Promise.all([migrateDatabase(db.url), migrateDatabase(db.url)]);
    expect([...a, ...b]).toEqual(MIGRATIONS.map((m) => new m().name)); // one run applied, the other found nothing
    expect(await tables()).toEqual(CATALOGUE);
  });

  it('give the spec defaults and enforce its limits and uniqueness', async () => {
    await client.query('BEGIN');
    const user = (
      await client.query(`INSERT INTO "user" (username, email, password) VALUES ('ann', 'Ann@Example.com', 'h') RETURNING *`)
    ).rows[0];
    expect(user).toMatchObject({
      is_subscribed: false,
      subscription_tier: 'free',
      subscription_status: 'inactive',
      monthly_generations: 0,
      generation_limit: 2,
      is_suspended: false,
      email_verified: false,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fails(`INSERT INTO "user" (username, email, password) VALUES ('ann2', 'ann@example.COM', 'h')`)).toBe('user_email_key');
    expect(await fails(`INSERT INTO "user" (username, email, password) VALUES ('ANN', 'b@example.com', 'h')`)).toBe('user_username_key');
    expect(await fails(`INSERT INTO "user" (username, email, password) VALUES ($1, 'c@example.com', 'h')`, ['u'.repeat(256)])).toMatch(/too long/);
    expect(await fails(`UPDATE "user" SET subscription_tier = 'gold'`)).toBe('user_subscription_tier_check');

    const image = (
      await client.query(`INSERT INTO image (user_id, prompt) VALUES ($1, 'add snow falling') RETURNING *`, [user.id])
    ).rows[0];
    expect(image).toMatchObject({ style: 'funny', status: 'processing', is_public: true, laugh_count: 0, is_saved: false, is_favorite: false, is_leaderboard: false });
    expect(await fails(`UPDATE image SET laugh_count = -1`)).toBe('image_laugh_count_check');
    expect(await fails(`UPDATE image SET original_mime_type = $1`, ['x'.repeat(51)])).toMatch(/too long/);

    await client.query(`INSERT INTO laugh (image_id, user_identifier) VALUES ($1, 'user_1')`, [image.id]);
    expect(await fails(`INSERT INTO laugh (image_id, user_identifier) VALUES ($1, 'user_1')`, [image.id])).toBe('laugh_image_user_identifier_key');

    const tx = (
      await client.query(`INSERT INTO credit_transaction (user_id, type, credits, idempotency_key) VALUES ($1, 'grant', 2, 'verify:1') RETURNING *`, [user.id])
    ).rows[0];
    expect(tx).toMatchObject({ currency: 'USD', credit_kind: 'regular' });
    expect(await fails(`INSERT INTO credit_transaction (user_id, type, credits, idempotency_key) VALUES ($1, 'grant', 2, 'verify:1')`, [user.id])).toBe(
      'credit_transaction_idempotency_key',
    );
    expect(await fails(`INSERT INTO credit_transaction (user_id, type, credits) VALUES ($1, $2, 1)`, [user.id, 'x'.repeat(21)])).toMatch(/too long/);

    const hash = 'a'.repeat(64);
    await client.query(`INSERT INTO device_fingerprint (fingerprint_hash, user_id) VALUES ($1, $2)`, [hash, user.id]);
    expect(await fails(`INSERT INTO device_fingerprint (fingerprint_hash, user_id) VALUES ($1, $2)`, [hash, user.id])).toBe(
      'device_fingerprint_fingerprint_hash_key',
    );
    expect(await fails(`INSERT INTO device_fingerprint (fingerprint_hash, user_id) VALUES ('not-hex', $1)`, [user.id])).toBe(
      'device_fingerprint_hash_format_check',
    );
    expect(await fails(`INSERT INTO ip_registration (ip_address, user_id) VALUES ($1, $2)`, ['1'.repeat(46), user.id])).toMatch(/too long/);
    expect(await fails(`INSERT INTO admin_whitelist (type, value) VALUES ('domain', 'x')`)).toBe('admin_whitelist_type_check');

    const fallback = (await client.query(`SELECT * FROM model_fallback_state`)).rows;
    expect(fallback).toEqual([expect.objectContaining({ id: 1, admin_override: null, chain_order: null })]);
    expect(await fails(`INSERT INTO model_health (model, failure_count) VALUES ('x/y', -1)`)).toBe('model_health_failure_count_check');
    expect(await fails(`INSERT INTO model_attempt (model, purpose, outcome, latency_ms) VALUES ('x/y', 'other', 'succeeded', 1)`)).toBe('model_attempt_purpose_check');
    expect(await fails(`INSERT INTO model_fallback_state (id) VALUES (2)`)).toBe('model_fallback_state_singleton_check');

    // Deleting a user takes their images and laughs with them.
    await client.query(`DELETE FROM credit_transaction`);
    await client.query(`DELETE FROM "user" WHERE id = $1`, [user.id]);
    expect((await client.query(`SELECT count(*)::int AS n FROM laugh`)).rows[0].n).toBe(0);
    await client.query('ROLLBACK');
  });

  it('keep the ledger and the D19 records of a deleted account without it, and mark deletions (D35)', async () => {
    await client.query('BEGIN');
    const user = (await client.query(`INSERT INTO "user" (username, email, password) VALUES ('gone', 'gone@example.com', 'h') RETURNING *`)).rows[0];
    expect(user.deletion_requested_at).toBeNull();
    await client.query(`INSERT INTO credit_transaction (user_id, type, credits, purchase_amount) VALUES ($1, 'purchase', 7, 500)`, [user.id]);
    await client.query(`INSERT INTO credit_reservation (id, user_id, credit_kind, credits, status) VALUES (gen_random_uuid(), $1, 'regular', 1, 'active')`, [user.id]);
    await client.query(`INSERT INTO device_fingerprint (fingerprint_hash, user_id) VALUES ($1, $2)`, ['b'.repeat(64), user.id]);
    await client.query(`INSERT INTO ip_registration (ip_address, user_id) VALUES ('10.0.0.1', $1)`, [user.id]);
    await client.query(`DELETE FROM "user" WHERE id = $1`, [user.id]);
    expect((await client.query(`SELECT user_id, credits, purchase_amount FROM credit_transaction`)).rows).toEqual([{ user_id: null, credits: 7, purchase_amount: 500 }]);
    expect((await client.query(`SELECT count(*)::int AS n FROM credit_reservation`)).rows[0].n).toBe(0);
    expect((await client.query(`SELECT user_id FROM device_fingerprint`)).rows).toEqual([{ user_id: null }]);
    expect((await client.query(`SELECT user_id FROM ip_registration`)).rows).toEqual([{ user_id: null }]);
    await client.query('ROLLBACK');
  });

  it('store image bytes without trying to compress them (already JPEG/PNG)', async () => {
    const storage = (
      await client.query<{ attname: string; attstorage: string }>(
        `SELECT attname, attstorage FROM pg_attribute WHERE attrelid = 'image'::regclass AND attname LIKE '%image_data' ORDER BY 1`,
      )
    ).rows;
    expect(storage).toEqual([
      { attname: 'generated_image_data', attstorage: 'e' },
      // D38: a watermarked step's watermark-free master (issue 26)
      { attname: 'master_image_data', attstorage: 'e' },
      { attname: 'original_image_data', attstorage: 'e' },
    ]);
  });

  it('create the indexes the hot paths need', async () => {
    const indexes = (await client.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).rows.map(
      (r) => r.indexname,
    );
    expect(indexes).toEqual(
      expect.arrayContaining([
        'image_recent_feed_idx',
        'image_leaderboard_idx',
        'credit_transaction_balance_idx',
        'laugh_image_user_identifier_key',
        'IDX_session_expire',
      ]),
    );
  });

  it('revert completely and apply again', async () => {
    const ds = new DataSource({ ...databaseOptions(db.url), logging: false });
    await ds.initialize();
    try {
      for (let i = 0; i < MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
      expect(await tables()).toEqual([]);
      expect(await ds.showMigrations()).toBe(true); // pending again
      await ds.runMigrations();
      expect(await tables()).toEqual(CATALOGUE);
    } finally {
      await ds.destroy();
    }
  });
});
