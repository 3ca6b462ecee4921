import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CounterState, RateLimitPolicy, RateLimitSubject } from '../../domain/rate-limit';

interface CounterRow {
  attempt_count: number;
  blocked_until: Date | null;
}

/**
 * D19 counters in `rate_limit_attempt`, shared by every instance. One attempt is one atomic
 * upsert, so concurrent requests on several instances count exactly:
 * - while a block lasts, the row is left as it is (the attempt is refused anyway);
 * - once the block has ended or the window has passed, counting starts again at 1;
 * - otherwise the count goes up, and reaching `blockAt` blocks the subject for `blockMinutes`.
 */
@Injectable()
export class TypeormRateLimitRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async hit(subject: RateLimitSubject, policy: RateLimitPolicy): Promise<CounterState> {
    const rows: CounterRow[] = await this.dataSource.query(
      `
      INSERT INTO "rate_limit_attempt" AS r
        ("ip_address", "attempt_type", "identifier", "attempt_count", "window_start", "last_attempt", "is_blocked", "blocked_until")
      VALUES ($1, $2, $3, 1, now(), now(), 1 >= $4::int,
              CASE WHEN 1 >= $4::int THEN now() + make_interval(mins => $6::int) END)
      ON CONFLICT ("ip_address", "attempt_type", "identifier") DO UPDATE SET
        "attempt_count" = CASE
          WHEN r."blocked_until" > now() THEN r."attempt_count"
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5) THEN 1
          ELSE r."attempt_count" + 1 END,
        "window_start" = CASE
          WHEN r."blocked_until" > now() THEN r."window_start"
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5) THEN now()
          ELSE r."window_start" END,
        "is_blocked" = CASE
          WHEN r."blocked_until" > now() THEN true
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5) THEN 1 >= $4
          ELSE r."attempt_count" + 1 >= $4 END,
        "blocked_until" = CASE
          WHEN r."blocked_until" > now() THEN r."blocked_until"
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5)
            THEN CASE WHEN 1 >= $4 THEN now() + make_interval(mins => $6) END
          WHEN r."attempt_count" + 1 >= $4 THEN now() + make_interval(mins => $6)
          ELSE NULL END,
        "last_attempt" = now()
      RETURNING "attempt_count", "blocked_until"`,
      [subject.ip, subject.type, subject.identifier, policy.blockAt, policy.windowMinutes, policy.blockMinutes],
    );
    return toState(rows[0]);
  }

  /** The counter as it stands, without counting an attempt. */
  async current(subject: RateLimitSubject): Promise<CounterState | null> {
    const rows: CounterRow[] = await this.dataSource.query(
      `SELECT "attempt_count", "blocked_until" FROM "rate_limit_attempt"
       WHERE "ip_address" = $1 AND "attempt_type" = $2 AND "identifier" = $3`,
      [subject.ip, subject.type, subject.identifier],
    );
    return rows[0] ? toState(rows[0]) : null;
  }

  /**
   * Forgets counters nobody has touched for `idleMinutes` and that block nothing; the caller makes
   * that longer than every window, so no count that still matters is lost. Returns how many.
   */
  async pruneIdle(idleMinutes: number): Promise<number> {
    const result: unknown = await this.dataSource.query(
      `DELETE FROM "rate_limit_attempt"
       WHERE "last_attempt" < now() - make_interval(mins => $1::int)
         AND ("blocked_until" IS NULL OR "blocked_until" <= now())`,
      [idleMinutes],
    );
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }

  /** A success forgets the failures before it. */
  async clear(subject: RateLimitSubject): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "rate_limit_attempt" WHERE "ip_address" = $1 AND "attempt_type" = $2 AND "identifier" = $3`,
      [subject.ip, subject.type, subject.identifier],
    );
  }
}

function toState(row: CounterRow): CounterState {
  return { count: Number(row.attempt_count), blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null };
}
