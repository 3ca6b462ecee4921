import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: each credit reservation names the server instance that made it, so a crashed
 * instance's reservations are released as soon as its liveness lock is gone (not after
 * CREDIT_RESERVATION_STALE_MINUTES). Rows made before this column existed keep NULL and are
 * left to the staleness rule. The partial index serves the release query and the per-user
 * count of generations in flight.
 */
export class ReservationInstance1764288000000 implements MigrationInterface {
  name = 'ReservationInstance1764288000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "credit_reservation" ADD COLUMN "instance_id" uuid`);
    await q.query(
      `CREATE INDEX "credit_reservation_active_instance_idx" ON "credit_reservation" ("instance_id") WHERE "status" = 'active'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "credit_reservation_active_instance_idx"`);
    await q.query(`ALTER TABLE "credit_reservation" DROP COLUMN "instance_id"`);
  }
}
