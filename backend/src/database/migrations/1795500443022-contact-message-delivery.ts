import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13, D34: contact messages are stored, then mailed to SUPPORT_EMAIL; a mail that fails is
 * retried by the support context's delivery job, a bounded number of times.
 * - `mailed_at`: when the mail to support left (null until then).
 * - `mail_attempts`: attempts so far (the one under way included).
 * - `next_mail_at`: when the job may try again; an attempt under way holds the row until then (a
 *   lease), so one message is never sent twice at once. Null once mailed or given up.
 * - The contact form's limits (name 100, e-mail 254, subject 200 characters; none blank), which the
 *   table (made in the initial schema, never written before this) did not yet hold.
 */
export class ContactMessageDelivery1795500443022 implements MigrationInterface {
  name = 'ContactMessageDelivery1795500443022';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "contact_message"
        ADD COLUMN "mailed_at" timestamptz,
        ADD COLUMN "mail_attempts" integer NOT NULL DEFAULT 0,
        ADD COLUMN "next_mail_at" timestamptz,
        ADD CONSTRAINT "contact_message_mail_attempts_check" CHECK ("mail_attempts" >= 0),
        ADD CONSTRAINT "contact_message_name_length_check" CHECK (char_length("name") BETWEEN 1 AND 100),
        ADD CONSTRAINT "contact_message_email_length_check" CHECK (char_length("email") BETWEEN 3 AND 254),
        ADD CONSTRAINT "contact_message_subject_length_check" CHECK (char_length("subject") BETWEEN 1 AND 200)`);
    // The delivery job's scan: only the messages still waiting for their mail.
    await q.query(
      `CREATE INDEX "contact_message_mail_due_idx" ON "contact_message" ("next_mail_at")
        WHERE "mailed_at" IS NULL AND "next_mail_at" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "contact_message_mail_due_idx"`);
    await q.query(`
      ALTER TABLE "contact_message"
        DROP CONSTRAINT "contact_message_subject_length_check",
        DROP CONSTRAINT "contact_message_email_length_check",
        DROP CONSTRAINT "contact_message_name_length_check",
        DROP CONSTRAINT "contact_message_mail_attempts_check",
        DROP COLUMN "next_mail_at",
        DROP COLUMN "mail_attempts",
        DROP COLUMN "mailed_at"`);
  }
}
