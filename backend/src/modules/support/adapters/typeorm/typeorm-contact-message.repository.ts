import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { CONTACT_MAIL_DELIVERY, type ContactMessageContent, type StoredContactMessage } from '../../domain/contact-message';

interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: Date;
  mail_attempts: number;
}

const COLUMNS = `"id", "name", "email", "subject", "message", "user_id", "created_at", "mail_attempts"`;

function toMessage(row: ContactMessageRow): StoredContactMessage {
  return {
    id: String(row.id),
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.user_id,
    createdAt: new Date(row.created_at),
    mailAttempts: Number(row.mail_attempts),
  };
}

export interface NewContactMessage extends ContactMessageContent {
  userId: string | null;
  ip: string;
}

/**
 * D34: the `contact_message` table, by intent. A message's mail to support is tracked on its row:
 * `mail_attempts` counts the attempts, `mailed_at` is set once one succeeded, and `next_mail_at` is
 * when the delivery job may try again (null when mailed or given up). An attempt under way holds
 * the row for CONTACT_MAIL_DELIVERY.leaseMinutes, so two attempts never send one message at once;
 * a crash mid-attempt only delays it until the lease runs out.
 */
@Injectable()
export class TypeormContactMessageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores a message, with its first mail attempt already counted and holding it. */
  async storeForMailing(message: NewContactMessage): Promise<StoredContactMessage> {
    const rows: ContactMessageRow[] = await this.dataSource.query(
      `INSERT INTO "contact_message" ("name", "email", "subject", "message", "user_id", "ip_address", "mail_attempts", "next_mail_at")
       VALUES ($1, $2, $3, $4, $5, $6, 1, now() + make_interval(mins => $7::int))
       RETURNING ${COLUMNS}`,
      [message.name, message.email, message.subject, message.message, message.userId, message.ip.slice(0, 45), CONTACT_MAIL_DELIVERY.leaseMinutes],
    );
    return toMessage(rows[0]);
  }

  /**
   * Takes up to `limit` messages whose mail is due again, oldest due first, counting the attempt
   * and holding each for the lease, in one statement (instances running this at once share them
   * out, never send one twice).
   */
  async claimDueForMailing(limit: number): Promise<StoredContactMessage[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "contact_message" SET
         "mail_attempts" = "mail_attempts" + 1,
         "next_mail_at" = now() + make_interval(mins => $2::int)
       WHERE "id" IN (
         SELECT "id" FROM "contact_message"
          WHERE "mailed_at" IS NULL AND "next_mail_at" <= now() AND "mail_attempts" < $3
          ORDER BY "next_mail_at", "id"
          LIMIT $1
          FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [limit, CONTACT_MAIL_DELIVERY.leaseMinutes, CONTACT_MAIL_DELIVERY.maxAttempts],
    );
    return returnedRows<ContactMessageRow>(result)
      .map(toMessage)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async markMailed(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "contact_message" SET "mailed_at" = now(), "next_mail_at" = NULL WHERE "id" = $1`, [id]);
  }

  /** The attempt failed: the next one in `retryInMinutes`, or none (null: attempts used up). */
  async markMailFailed(id: string, retryInMinutes: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE "contact_message"
          SET "next_mail_at" = CASE WHEN $2::int IS NULL THEN NULL ELSE now() + make_interval(mins => $2::int) END
        WHERE "id" = $1 AND "mailed_at" IS NULL`,
      [id, retryInMinutes],
    );
  }
}
