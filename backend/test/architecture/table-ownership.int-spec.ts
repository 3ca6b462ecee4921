import * as fs from 'node:fs';
import * as path from 'node:path';
import { contextFolders, foreignTableUses, type Ownership, tableNamesExported, tablesCreatedByMigrations } from './table-ownership';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'backend', 'src');

/**
 * Each table and the one context that owns it (docs/adr/0012-table-and-column-ownership.md).
 * A new table is added here by the migration that creates it, or this test fails.
 */
export const OWNERSHIP: Ownership = {
  owners: {
    user: 'identity',
    account_counts: 'identity',
    session: 'identity',
    ip_registration: 'identity',
    device_fingerprint: 'identity',
    admin_whitelist: 'identity',
    admin_audit_log: 'administration',
    video_waitlist: 'identity',
    rate_limit_attempt: 'shared',
    credit_transaction: 'credits',
    credit_reservation: 'credits',
    ledger_daily_stats: 'credits',
    image: 'images',
    image_rendition: 'images',
    image_object_deletion: 'images',
    image_daily_stats: 'images',
    model_fallback_state: 'generation',
    model_health: 'generation',
    model_attempt: 'generation',
    laugh: 'community',
    laugh_count_delta: 'community',
    processed_payment_event: 'billing',
    billing_checkout_session: 'billing',
    billing_subscription: 'billing',
    billing_invoice: 'billing',
    billing_checkout_claim: 'billing',
    subscriber_count: 'billing',
    contact_message: 'support',
    password_reset_token: 'identity',
    image_report: 'reports',
    image_report_case: 'reports',
    image_block: 'reports',
  },
  exceptions: [
    {
      context: 'community',
      table: 'image',
      adr: 'docs/adr/0010-community-read-model.md',
      why: 'the feed and leaderboard read model; community writes only laugh_count',
    },
    {
      context: 'billing',
      table: 'user',
      adr: 'docs/adr/0012-table-and-column-ownership.md',
      why: 'billing owns the entitlement and payment columns (subscription_tier, is_subscribed, subscription_status, stripe_customer_id, stripe_subscription_id) of the user row',
    },
  ],
};

describe('table ownership (no SQL against another context’s tables)', () => {
  const fixture = path.join(__dirname, 'fixture', 'backend', 'src');
  const fixtureOwnership: Ownership = {
    owners: { alpha_thing: 'alpha', beta_thing: 'beta', shared_thing: 'beta' },
    exceptions: [{ context: 'alpha', table: 'shared_thing', adr: 'fixture', why: 'planted exception' }],
  };

  it('catches a context naming another context’s table in any form, and allows its own and ADR exceptions', () => {
    // Each file named here is a planted violation (its first comment says which form); the fixture's
    // own-and-allowed-tables.ts holds what must not count.
    const uses = foreignTableUses(contextFolders(fixture), fixtureOwnership, fixture);
    expect(uses.map((u) => `${u.context} → ${u.table} (${u.owner}) in ${path.basename(u.file)}`).sort()).toEqual([
      'alpha → beta_thing (beta) in interpolated-constant.ts',
      'alpha → beta_thing (beta) in lower-case-sql.ts',
      'alpha → beta_thing (beta) in maps-beta-entity.ts',
      'alpha → beta_thing (beta) in query-builder-insert.ts',
      'alpha → beta_thing (beta) in query-builder.ts',
      'alpha → beta_thing (beta) in reads-beta-table.ts',
      'alpha → beta_thing (beta) in schema-prefixed.ts',
    ]);
  });

  it('catches a context offering a table name through its index.ts', () => {
    const offered = tableNamesExported(contextFolders(fixture), Object.keys(fixtureOwnership.owners), fixture);
    expect(offered.map((o) => `${o.context}: ${o.name} = ${o.table} (${path.basename(o.file)})`)).toEqual([
      'beta: BETA_THING_TABLE = beta_thing (tables.ts)',
    ]);
  });

  it('maps every table the migrations create to one owner', () => {
    expect(Object.keys(OWNERSHIP.owners).sort()).toEqual(tablesCreatedByMigrations(path.join(SRC, 'database', 'migrations')));
  });

  it('finds no context naming a table it does not own outside the ADR exceptions', () => {
    expect(foreignTableUses(contextFolders(SRC), OWNERSHIP, ROOT)).toEqual([]);
  });

  it('finds no context offering a table name through its index.ts', () => {
    expect(tableNamesExported(contextFolders(SRC), Object.keys(OWNERSHIP.owners), ROOT)).toEqual([]);
  });

  it('has an ADR for each exception that names the table', () => {
    for (const e of OWNERSHIP.exceptions) {
      const adr = fs.readFileSync(path.join(ROOT, e.adr), 'utf8');
      expect(adr).toContain(`\`${e.table}\``);
    }
  });
});
