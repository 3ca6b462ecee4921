import { randomUUID } from 'node:crypto';
import { adjustmentKey } from '../../src/modules/administration/domain/credit-adjustment';
import type { TestApp } from '../support/test-app';
import { balanceOf, grant } from '../generation/generation-helpers';
import {
  ADMIN_EMAIL,
  auditRows,
  count,
  createAdminApp,
  everything,
  lastAuditId,
  signedInAdmin,
  sql,
  totalOf,
  type TestUser,
} from './admin-helpers';
import { newAccount } from '../support/fixtures';

/**
 * 001 §2 Adjust Credits, §5 (D3, D4, D5, D32): POST /api/admin/users/:id/adjust-credits and
 * adjust-watermarked-credits. Once per Idempotency-Key, concurrent adjustments add up, never
 * below 0, each kind on its own, bad input refused with nothing written, one audit row each.
 */
describe('admin credit adjustments', () => {
  let t: TestApp;
  let admin: TestUser;
  const regular = (userId: string) => `/api/admin/users/${userId}/adjust-credits`;
  const watermarked = (userId: string) => `/api/admin/users/${userId}/adjust-watermarked-credits`;
  /** A user with some credits of each kind. */
  async function holder(credits: { regular?: number; watermarked?: number } = {}): Promise<string> {
    const id = await newAccount(t);
    await grant(t, id, credits);
    return id;
  }
  const adjustmentRows = (userId: string) =>
    sql<{ id: string; credit_kind: string; credits: number; type: string; source_type: string; created_by: string; description: string; idempotency_key: string }>(
      t,
      `SELECT id, credit_kind, credits, type, source_type, created_by, description, idempotency_key FROM credit_transaction
        WHERE user_id = $1 AND type = 'adjustment' ORDER BY created_at, id`,
      [userId],
    );

  beforeAll(async () => {
    t = await createAdminApp();
    admin = await signedInAdmin(t);
  });
  afterAll(() => t?.close());

  it('gives regular credits: one ledger row by the admin, the new balance, one audit row with the reason and notes', async () => {
    const userId = await holder({ regular: 2, watermarked: 2 });
    const from = await lastAuditId(t);
    const res = await admin.agent
      .post(regular(userId))
      .set('Idempotency-Key', 'f3b0c2a4-0d1e-4c55-9a43-1b0fcd7e1a01')
      .send({ credits: 5, reason: 'gift', notes: '  sorry for the outage  ' })
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      transactionId: expect.any(String),
      applied: true,
      balance: { balance: 9, regular: 7, watermarked: 2, totalPurchased: 2, totalUsed: 0 },
    });
    const rows = await adjustmentRows(userId);
    expect(rows).toEqual([
      expect.objectContaining({ id: res.body.transactionId, credit_kind: 'regular', credits: 5, source_type: 'admin', created_by: admin.id }),
    ]);
    expect(rows[0].description).toContain('sorry for the outage');
    const audit = await auditRows(t, from);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      admin_id: admin.id,
      admin_email: ADMIN_EMAIL,
      action: 'credits.adjust',
      target_type: 'user',
      target_id: userId,
      reason: 'gift: sorry for the outage',
      outcome: 'succeeded',
      error: null,
      details: expect.objectContaining({ kind: 'regular', credits: 5, transactionId: res.body.transactionId }),
    });
    expect(audit[0].finished_at).not.toBeNull();
    // The history the dashboard shows after the adjustment (001 §4: refetched), newest first.
    const history = await admin.agent.get(`/api/admin/users/${userId}/credits`).expect(200);
    expect(history.body[0]).toMatchObject({ id: res.body.transactionId, type: 'adjustment', kind: 'regular', credits: 5, sourceType: 'admin', createdBy: admin.id });
  });

  it('the same Idempotency-Key twice adjusts once: the second answer is applied:false, one ledger row, one audit row', async () => {
    const userId = await holder();
    const from = await lastAuditId(t);
    const send = () => admin.agent.post(regular(userId)).set('Idempotency-Key', 'retry-key-1').send({ credits: 4, reason: 'refund' });
    const first = await send().expect(200);
    const second = await send().expect(200);
    expect(first.body).toMatchObject({ applied: true, balance: { balance: 4, regular: 4 } });
    expect(second.body).toEqual({ ...first.body, applied: false });
    expect(await adjustmentRows(userId)).toHaveLength(1);
    const audit = await auditRows(t, from);
    expect(audit.map((r) => [r.action, r.target_id, r.outcome])).toEqual([['credits.adjust', userId, 'succeeded']]);
    // A negative one too: replayed, it takes once.
    const take = () => admin.agent.post(regular(userId)).set('Idempotency-Key', 'retry-key-2').send({ credits: -3, reason: 'correction' });
    expect((await take().expect(200)).body).toMatchObject({ applied: true, balance: { regular: 1 } });
    expect((await take().expect(200)).body).toMatchObject({ applied: false, balance: { regular: 1 } });
    expect((await balanceOf(t, userId)).regular).toBe(1);
    expect(await auditRows(t, from)).toHaveLength(2);
  });

  it('five concurrent requests with one key adjust once, with one audit row', async () => {
    const userId = await holder();
    const from = await lastAuditId(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin.agent.post(regular(userId)).set('Idempotency-Key', 'double-click').send({ credits: 6, reason: 'gift' })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.body.applied === true)).toHaveLength(1);
    expect(new Set(answers.map((r) => r.body.transactionId)).size).toBe(1);
    expect((await balanceOf(t, userId)).regular).toBe(6);
    expect(await adjustmentRows(userId)).toHaveLength(1);
    expect((await auditRows(t, from)).map((r) => r.outcome)).toEqual(['succeeded']);
  });

  it('a key is the user’s and the kind’s: the same key for another user or the other kind is another adjustment', async () => {
    const [a, b] = [await holder(), await holder()];
    for (const path of [regular(a), watermarked(a), regular(b)]) {
      expect((await admin.agent.post(path).set('Idempotency-Key', 'shared-key').send({ credits: 2, reason: 'gift' }).expect(200)).body.applied).toBe(true);
    }
    expect(await balanceOf(t, a)).toMatchObject({ regular: 2, watermarked: 2 });
    expect(await balanceOf(t, b)).toMatchObject({ regular: 2, watermarked: 0 });
  });

  it('the same key with the user id spelt in upper case is the same adjustment; the trail names the user in lower case', async () => {
    const userId = await holder();
    const from = await lastAuditId(t);
    const upper = await admin.agent.post(regular(userId.toUpperCase())).set('Idempotency-Key', 'any-case').send({ credits: 2, reason: 'gift' }).expect(200);
    const lower = await admin.agent.post(regular(userId)).set('Idempotency-Key', 'any-case').send({ credits: 2, reason: 'gift' }).expect(200);
    expect([upper.body.applied, lower.body.applied]).toEqual([true, false]);
    expect((await balanceOf(t, userId)).regular).toBe(2);
    expect((await auditRows(t, from)).map((r) => r.target_id)).toEqual([userId]);
  });

  it('a retry after a crash finishes the first attempt’s started row (ADR 0018), whether or not it had adjusted', async () => {
    const openRow = (userId: string, key: string) =>
      sql(
        t,
        `INSERT INTO admin_audit_log (admin_id, admin_email, action, target_type, target_id, reason, details, idempotency_key)
         VALUES ($1, $2, 'credits.adjust', 'user', $3, 'gift', '{"kind":"regular","credits":3}', $4)`,
        [admin.id, ADMIN_EMAIL, userId, adjustmentKey(userId, 'regular', key)],
      );
    // Crashed before the ledger: the retry adjusts, in the same row.
    const before = await holder();
    await openRow(before, 'crash-1');
    let from = await lastAuditId(t);
    const retried = await admin.agent.post(regular(before)).set('Idempotency-Key', 'crash-1').send({ credits: 3, reason: 'gift' }).expect(200);
    expect(retried.body).toMatchObject({ applied: true, balance: { regular: 3 } });
    expect(await auditRows(t, from)).toEqual([]);
    let [row] = await sql<{ outcome: string; finished_at: Date | null; details: Record<string, unknown> }>(t, `SELECT * FROM admin_audit_log WHERE target_id = $1`, [before]);
    expect(row).toMatchObject({ outcome: 'succeeded', details: expect.objectContaining({ transactionId: retried.body.transactionId }) });
    expect(row.finished_at).not.toBeNull();

    // Crashed after the ledger: the retry changes nothing and finishes the row.
    const after = await holder();
    await openRow(after, 'crash-2');
    const ledgerKey = adjustmentKey(after, 'regular', 'crash-2');
    const id = randomUUID(); // a positive row starts its own group, as the ledger writes it
    await sql(
      t,
      `INSERT INTO credit_transaction (id, user_id, type, credit_kind, credits, source_type, created_by, idempotency_key, group_id)
       VALUES ($1, $2, 'adjustment', 'regular', 3, 'admin', $3, $4, $1)`,
      [id, after, admin.id, ledgerKey],
    );
    from = await lastAuditId(t);
    const again = await admin.agent.post(regular(after)).set('Idempotency-Key', 'crash-2').send({ credits: 3, reason: 'gift' }).expect(200);
    expect(again.body).toMatchObject({ transactionId: id, applied: false, balance: { regular: 3 } });
    expect(await adjustmentRows(after)).toHaveLength(1);
    expect(await auditRows(t, from)).toEqual([]);
    [row] = await sql(t, `SELECT * FROM admin_audit_log WHERE target_id = $1`, [after]);
    expect(row.outcome).toBe('succeeded');
  });

  it('without an Idempotency-Key every call adjusts', async () => {
    const userId = await holder();
    await admin.agent.post(regular(userId)).send({ credits: 1, reason: 'gift' }).expect(200);
    await admin.agent.post(regular(userId)).send({ credits: 1, reason: 'gift' }).expect(200);
    expect((await balanceOf(t, userId)).regular).toBe(2);
  });

  it('20 concurrent different adjustments (positive and negative) add up exactly, each with its own ledger and audit row', async () => {
    const userId = await holder({ regular: 100 });
    const from = await lastAuditId(t);
    const amounts = [...Array.from({ length: 14 }, (_, i) => i + 1), -1, -2, -3, -4, -5, -6];
    const answers = await Promise.all(
      amounts.map((credits, i) =>
        admin.agent.post(regular(userId)).set('Idempotency-Key', `burst-${i}`).send({ credits, reason: credits > 0 ? 'compensation' : 'penalty' }),
      ),
    );
    expect(answers.map((r) => [r.status, r.body.applied])).toEqual(amounts.map(() => [200, true]));
    const expected = 100 + amounts.reduce((a, b) => a + b, 0);
    expect(await balanceOf(t, userId)).toMatchObject({ regular: expected, watermarked: 0 });
    const [{ sum }] = await sql<{ sum: number }>(t, `SELECT sum(credits)::int AS sum FROM credit_transaction WHERE user_id = $1 AND type = 'adjustment'`, [userId]);
    expect(sum).toBe(expected - 100);
    const audit = await auditRows(t, from);
    expect(audit).toHaveLength(20);
    expect(audit.every((r) => r.outcome === 'succeeded' && r.target_id === userId)).toBe(true);
    expect(audit.map((r) => r.details.credits).sort()).toEqual([...amounts].sort());
  });

  it('a negative adjustment below 0 is refused with 409 ADMIN.BELOW_ZERO; the balance stays; the audit row says failed', async () => {
    const userId = await holder({ regular: 3, watermarked: 10 });
    const before = await count(t, 'credit_transaction', 'user_id = $1', [userId]);
    const from = await lastAuditId(t);
    const res = await admin.agent.post(regular(userId)).set('Idempotency-Key', 'too-much').send({ credits: -4, reason: 'penalty' }).expect(409);
    expect(res.body).toMatchObject({ code: 'ADMIN.BELOW_ZERO', message: 'This would take the balance below 0' });
    expect(res.headers['cache-control']).toBe('no-store');
    // Watermarked credits do not cover a regular debit.
    expect(await balanceOf(t, userId)).toMatchObject({ regular: 3, watermarked: 10 });
    expect(await count(t, 'credit_transaction', 'user_id = $1', [userId])).toBe(before);
    const audit = await auditRows(t, from);
    expect(audit.map((r) => [r.action, r.target_id, r.outcome, r.error])).toEqual([['credits.adjust', userId, 'failed', 'ADMIN.BELOW_ZERO']]);
    expect(audit[0].finished_at).not.toBeNull();

    // Exactly down to 0 is fine.
    const zero = await admin.agent.post(regular(userId)).set('Idempotency-Key', 'to-zero').send({ credits: -3, reason: 'correction' }).expect(200);
    expect(zero.body.balance).toMatchObject({ regular: 0, watermarked: 10, balance: 10 });
    await admin.agent.post(regular(userId)).send({ credits: -1, reason: 'correction' }).expect(409);
    await admin.agent.post(watermarked(userId)).send({ credits: -11, reason: 'correction' }).expect(409);
    expect(await balanceOf(t, userId)).toMatchObject({ regular: 0, watermarked: 10 });
  });

  it('concurrent negative adjustments never take the balance below 0', async () => {
    const userId = await holder({ regular: 10 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => admin.agent.post(regular(userId)).set('Idempotency-Key', `drain-${i}`).send({ credits: -3, reason: 'penalty' })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect((await balanceOf(t, userId)).regular).toBe(1);
  });

  it('watermarked adjustments change only the watermarked balance', async () => {
    const userId = await holder({ regular: 5, watermarked: 2 });
    const add = await admin.agent.post(watermarked(userId)).set('Idempotency-Key', 'wm-1').send({ credits: 4, reason: 'compensation' }).expect(200);
    expect(add.body).toMatchObject({ applied: true, balance: { balance: 11, regular: 5, watermarked: 6 } });
    const take = await admin.agent.post(watermarked(userId)).set('Idempotency-Key', 'wm-2').send({ credits: -5, reason: 'penalty' }).expect(200);
    expect(take.body.balance).toMatchObject({ balance: 6, regular: 5, watermarked: 1 });
    const rows = await adjustmentRows(userId);
    expect(rows.every((r) => r.credit_kind === 'watermarked')).toBe(true);
    expect(rows.reduce((s, r) => s + r.credits, 0)).toBe(-1);
    const audit = await sql<{ details: { kind: string } }>(t, `SELECT details FROM admin_audit_log WHERE target_id = $1`, [userId]);
    expect(audit.map((r) => r.details.kind)).toEqual(['watermarked', 'watermarked']);
  });

  describe('bad input: 400 VALIDATION.FAILED with nothing written', () => {
    const good = { credits: 5, reason: 'gift' };
    it.each([
      ['credits 0', { ...good, credits: 0 }],
      ['credits 1.5', { ...good, credits: 1.5 }],
      ["credits '5'", { ...good, credits: '5' }],
      ['credits missing', { reason: 'gift' }],
      ['credits null', { ...good, credits: null }],
      ['credits too large', { ...good, credits: 100_001 }],
      ['credits too small', { ...good, credits: -100_001 }],
      ['reason not in the list', { ...good, reason: 'bonus' }],
      ['reason in another case', { ...good, reason: 'Gift' }],
      ['reason missing', { credits: 5 }],
      ['notes over 500 characters', { ...good, notes: 'n'.repeat(501) }],
      ['notes not text', { ...good, notes: 42 }],
      ['an unknown field', { ...good, extra: true }],
    ])('%s', async (_name, body) => {
      const userId = await holder({ regular: 1 });
      const before = await everything(t);
      for (const path of [regular(userId), watermarked(userId)]) {
        const res = await admin.agent.post(path).set('Idempotency-Key', 'valid-key').send(body);
        expect([res.status, res.body.code]).toEqual([400, 'VALIDATION.FAILED']);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(await everything(t)).toEqual(before);
    });

    it.each([
      ['with a space', 'has space'],
      ['101 characters', 'k'.repeat(101)],
      ['non-ASCII', 'clé'],
      ['a slash', 'a/b'],
    ])('a malformed Idempotency-Key (%s)', async (_name, key) => {
      const userId = await holder({ regular: 1 });
      const before = await everything(t);
      const res = await admin.agent.post(regular(userId)).set('Idempotency-Key', key).send(good);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION.FAILED']);
      expect(await everything(t)).toEqual(before);
    });

    it('notes of exactly 500 characters and a 100-character key are accepted', async () => {
      const userId = await holder();
      await admin.agent.post(regular(userId)).set('Idempotency-Key', `A-z_0:9.${'k'.repeat(92)}`).send({ ...good, notes: 'n'.repeat(500) }).expect(200);
    });
  });

  it('an unknown or malformed user is 404 ADMIN.USER_NOT_FOUND, with no ledger or audit row', async () => {
    const before = await everything(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-user']) {
      for (const path of [regular(id), watermarked(id)]) {
        const res = await admin.agent.post(path).set('Idempotency-Key', 'nobody').send({ credits: 5, reason: 'gift' }).expect(404);
        expect(res.body.code).toBe('ADMIN.USER_NOT_FOUND');
      }
    }
    expect(await everything(t)).toEqual(before);
  });

  it('the adjustments are listed in GET /api/admin/transactions?sourceType=admin and in the audit trail, newest first', async () => {
    const rows = await admin.agent.get('/api/admin/transactions?sourceType=admin&limit=200').expect(200);
    expect(totalOf(rows)).toBe(await count(t, 'credit_transaction', `source_type = 'admin'`));
    expect(rows.body.every((r: { type: string; createdBy: string }) => r.type === 'adjustment' && r.createdBy === admin.id)).toBe(true);
    const audit = await admin.agent.get('/api/admin/audit?limit=200').expect(200);
    const table = await auditRows(t);
    expect(totalOf(audit)).toBe(table.length);
    expect(audit.body.map((e: { id: string }) => e.id)).toEqual(table.map((r) => String(r.id)).reverse());
    expect(audit.body[0]).toEqual({
      id: String(table[table.length - 1].id),
      adminId: admin.id,
      adminEmail: ADMIN_EMAIL,
      action: 'credits.adjust',
      targetType: 'user',
      targetId: table[table.length - 1].target_id,
      reason: table[table.length - 1].reason,
      details: table[table.length - 1].details,
      outcome: table[table.length - 1].outcome,
      error: table[table.length - 1].error,
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
    });
  });
});
