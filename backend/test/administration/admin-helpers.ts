import request from 'supertest';
import { createGenerationApp, signedInUser, sql, type Agent, type TestUser } from '../generation/generation-helpers';
import { signUpBody } from '../identity/identity-helpers';
import { newAccount, newUser } from '../support/fixtures';
import type { TestApp, TestAppOptions } from '../support/test-app';

export { signedInUser, sql };
export type { Agent, TestUser };

/** The admin of these tests (ADMIN_EMAILS, verified: D22, D25). */
export const ADMIN_EMAIL = 'boss@example.com';
/** Listed in ADMIN_EMAILS too, but never verified: not an admin (D25). */
export const PENDING_ADMIN_EMAIL = 'pending-boss@example.com';

/** A whole app whose ADMIN_EMAILS lists the two addresses above (many sign-ups from one IP are fine). */
export function createAdminApp(options: TestAppOptions = {}): Promise<TestApp> {
  return createGenerationApp({ ...options, env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${PENDING_ADMIN_EMAIL}`, ...options.env } });
}

/** The signed-in, verified admin (the first free address of ADMIN_EMAILS: ADMIN_EMAIL). */
export async function signedInAdmin(t: TestApp): Promise<TestUser> {
  const admin = await newUser(t, { admin: true, email: ADMIN_EMAIL });
  const me = await admin.agent.get('/api/user').expect(200);
  if (me.body.isAdmin !== true) throw new Error('the admin of the tests is not an admin');
  return admin;
}

/** Signed up (so signed in) with the listed address, but the address is not verified. */
export async function signedInUnverifiedListed(t: TestApp): Promise<TestUser> {
  const body = signUpBody({ email: PENDING_ADMIN_EMAIL });
  const agent = request.agent(t.http);
  const res = await agent.post('/api/register').send(body).expect(201);
  return { id: res.body.id as string, email: body.email, agent };
}


export function anonymous(t: TestApp) {
  return request(t.http);
}

/** How many rows a table holds (or those matching `where`). */
export async function count(t: TestApp, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const [row] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`, params);
  return row.n;
}

export interface AuditRow {
  id: string;
  admin_id: string;
  admin_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  idempotency_key: string | null;
  outcome: string;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** The audit rows, oldest first (optionally only those after `afterId`). */
export function auditRows(t: TestApp, afterId = '0'): Promise<AuditRow[]> {
  return sql<AuditRow>(t, `SELECT * FROM admin_audit_log WHERE id > $1 ORDER BY id`, [afterId]);
}

/** The newest audit row id ('0' when there is none): later rows are what a test did. */
export async function lastAuditId(t: TestApp): Promise<string> {
  const [row] = await sql<{ id: string | null }>(t, `SELECT max(id)::text AS id FROM admin_audit_log`);
  return row.id ?? '0';
}

/** Every row count and flag an admin action could change: a refused actor must change none of them. */
export async function everything(t: TestApp) {
  const [state] = await sql(
    t,
    `SELECT (SELECT count(*)::int FROM credit_transaction) AS ledger,
            (SELECT coalesce(sum(credits), 0)::int FROM credit_transaction) AS credits,
            (SELECT count(*)::int FROM admin_audit_log) AS audit,
            (SELECT count(*)::int FROM "user" WHERE is_suspended) AS suspended,
            (SELECT count(*)::int FROM image WHERE is_hidden_by_admin) AS hidden,
            (SELECT count(*)::int FROM admin_whitelist) AS whitelist,
            (SELECT count(*)::int FROM image) AS images,
            (SELECT count(*)::int FROM image_report_case WHERE status = 'open') AS open_reports,
            (SELECT count(*)::int FROM admin_whitelist WHERE is_active) AS whitelist_active,
            (SELECT row_to_json(s)::text FROM model_fallback_state s WHERE id = 1) AS fallback,
            (SELECT json_agg(h ORDER BY h.model)::text FROM (SELECT model, disabled, skipped, failure_count FROM model_health) h) AS models`,
  );
  return state;
}

/** A list answer's X-Total-Count. */
export function totalOf(res: request.Response): number {
  const header = res.headers['x-total-count'];
  if (header === undefined) throw new Error(`no X-Total-Count on ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return Number(header);
}

/** Every key of the admin's user view (contract: AdminUser). */
export const ADMIN_USER_KEYS = ['createdAt', 'email', 'id', 'isAdmin', 'isSubscribed', 'isSuspended', 'isVerified', 'subscriptionTier', 'username'];
