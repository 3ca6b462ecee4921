import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { minutesLeft, type RateLimitDecision, type RateLimitPolicy, type RateLimitSubject, storedSubject } from './rate-limit-policy';

interface CounterRow {
  attempt_count: number;
  blocked_until: Date | null;
  blocked: boolean | null;
  seconds_left: string | number | null;
}

const STATE = `"attempt_count", "blocked_until", ("blocked_until" > now()) AS "blocked",
               extract(epoch FROM ("blocked_until" - now())) AS "seconds_left"`;

/**
 * The one rate limiter (D15, D19, D26): counters in `rate_limit_attempt`, shared by every
 * instance and kept across restarts. `consume` counts first and answers after, in one atomic
 * upsert, so any number of concurrent requests on any number of instances count exactly and at
 * most `blockAt - 1` of them are allowed per window:
 * - while a block lasts, the row is left as it is (the attempt is refused);
 * - once the block has ended or the window has passed, counting starts again at 1;
 * - otherwise the count goes up, and reaching `blockAt` blocks the subject for `blockMinutes`.
 * Time is the database's (`now()`), so instance clocks do not matter.
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Counts one attempt, then says whether it may go ahead. */
  async consume(subject: RateLimitSubject, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    const s = storedSubject(subject);
    const rows: CounterRow[] = await this.dataSource.query(
      `
      INSERT INTO "rate_limit_attempt" AS r
        ("ip_address", "attempt_type", "identifier", "attempt_count", "window_start", "last_attempt", "is_blocked", "blocked_until")
      VALUES ($1, $2, $3, 1, now(), now(), 1 >= $4::int,
              CASE WHEN 1 >= $4::int THEN now() + make_interval(mins => $6::int) END)
      ON CONFLICT ("ip_address", "attempt_type", "identifier") DO UPDATE SET
        "attempt_count" = CASE
          WHEN r."blocked_until" > now() THEN r."attempt_count"
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5::int) THEN 1
          ELSE r."attempt_count" + 1 END,
        "window_start" = CASE
          WHEN r."blocked_until" > now() THEN r."window_start"
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5::int) THEN now()
          ELSE r."window_start" END,
        "is_blocked" = CASE
          WHEN r."blocked_until" > now() THEN true
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5::int) THEN 1 >= $4::int
          ELSE r."attempt_count" + 1 >= $4::int END,
        "blocked_until" = CASE
          WHEN r."blocked_until" > now() THEN r."blocked_until"
          WHEN r."is_blocked" OR r."window_start" <= now() - make_interval(mins => $5::int)
            THEN CASE WHEN 1 >= $4::int THEN now() + make_interval(mins => $6::int) END
          WHEN r."attempt_count" + 1 >= $4::int THEN now() + make_interval(mins => $6::int)
          ELSE NULL END,
        "last_attempt" = now()
      RETURNING ${STATE}`,
      [s.ip, s.type, s.identifier, policy.blockAt, policy.windowMinutes, policy.blockMinutes],
    );
    return toDecision(rows[0]);
  }

  /** Where the subject stands, without counting an attempt. */
  async current(subject: RateLimitSubject): Promise<RateLimitDecision> {
    const s = storedSubject(subject);
    const rows: CounterRow[] = await this.dataSource.query(
      `SELECT ${STATE} FROM "rate_limit_attempt" WHERE "ip_address" = $1 AND "attempt_type" = $2 AND "identifier" = $3`,
      [s.ip, s.type, s.identifier],
    );
    return rows[0] ? toDecision(rows[0]) : { allowed: true, count: 0, blockedUntil: null, retryAfterMinutes: null };
  }

  /** Forgets the subject's attempts (a success clears the failures before it, D19). */
  async clear(subject: RateLimitSubject): Promise<void> {
    const s = storedSubject(subject);
    await this.dataSource.query(
      `DELETE FROM "rate_limit_attempt" WHERE "ip_address" = $1 AND "attempt_type" = $2 AND "identifier" = $3`,
      [s.ip, s.type, s.identifier],
    );
  }

  /**
   * Forgets counters nobody has touched for `idleMinutes` and that block nothing; with
   * `idleMinutes` at least the longest window (MAX_WINDOW_MINUTES), no count that still matters is
   * lost. One DELETE: any number of instances may run it at once. Returns how many rows went.
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
}

function toDecision(row: CounterRow): RateLimitDecision {
  const blocked = row.blocked === true;
  return {
    allowed: !blocked,
    count: Number(row.attempt_count),
    blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
    retryAfterMinutes: blocked ? minutesLeft(Number(row.seconds_left)) : null,
  };
}
