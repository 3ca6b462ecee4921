import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D19: a second account on a known device is created only after a captcha and is *flagged*. The
 * device row (device_fingerprint, unique per fingerprint) belongs to the first account, so the
 * flag and the fingerprint of each later account are kept on that account's registration row.
 */
export class RegistrationDeviceFlags1764028800000 implements MigrationInterface {
  name = 'RegistrationDeviceFlags1764028800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "ip_registration"
        ADD COLUMN "fingerprint_hash" varchar(64),
        ADD COLUMN "is_flagged" boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX "ip_registration_flagged_idx" ON "ip_registration" ("created_at" DESC) WHERE "is_flagged"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ip_registration_flagged_idx"`);
    await q.query(`ALTER TABLE "ip_registration" DROP COLUMN "is_flagged", DROP COLUMN "fingerprint_hash"`);
  }
}
