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
 * The counting upsert of `consume`, without its RETURNING, for the SQL expressions given in order
 * (address, kind, identifier, blockAt, windowMinutes, blockMinutes). With `from` (a FROM clause) it
 * counts one attempt for each of its rows, whose subjects must all differ (an upsert touches a row
 * once per statement): a statement that counts attempts in the same round trip as its own work (a
 * batch of laughs, ADR 0037) puts it in a CTE with `RETURNING ("blocked_until" > now()) IS TRUE`,
 * so every path keeps one rule.
 */
export function consumeStatement(
  [ip, type, identifier, blockAt, windowMinutes, blockMinutes]: readonly [string, string, string, string, string, string],
  from?: string,
): string {
  const windowOver = `r."is_blocked" OR r."window_start" <= now() - make_interval(mins => ${windowMinutes}::int)`;
  const blockFromNow = `now() + make_interval(mins => ${blockMinutes}::int)`;
  return `INSERT INTO "rate_limit_attempt" AS r
        ("ip_address", "attempt_type", "identifier", "attempt_count", "window_start", "last_attempt", "is_blocked", "blocked_until")
      ${from === undefined ? 'VALUES (' : 'SELECT '}${ip}, ${type}, ${identifier}, 1, now(), now(), 1 >= ${blockAt}::int,
              CASE WHEN 1 >= ${blockAt}::int THEN ${blockFromNow} END${from === undefined ? ')' : ` FROM ${from}`}
      ON CONFLICT ("ip_address", "attempt_type", "identifier") DO UPDATE SET
        "attempt_count" = CASE
          WHEN r."blocked_until" > now() THEN r."attempt_count"
          WHEN ${windowOver} THEN 1
          ELSE r."attempt_count" + 1 END,
        "window_start" = CASE
          WHEN r."blocked_until" > now() THEN r."window_start"
          WHEN ${windowOver} THEN now()
          ELSE r."window_start" END,
        "is_blocked" = CASE
          WHEN r."blocked_until" > now() THEN true
          WHEN ${windowOver} THEN 1 >= ${blockAt}::int
          ELSE r."attempt_count" + 1 >= ${blockAt}::int END,
        "blocked_until" = CASE
          WHEN r."blocked_until" > now() THEN r."blocked_until"
          WHEN ${windowOver}
            THEN CASE WHEN 1 >= ${blockAt}::int THEN ${blockFromNow} END
          WHEN r."attempt_count" + 1 >= ${blockAt}::int THEN ${blockFromNow}
          ELSE NULL END,
        "last_attempt" = now()`;
}

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
    const rows: CounterRow[] = await this.dataSource.query(`${consumeStatement(['$1', '$2', '$3', '$4', '$5', '$6'])} RETURNING ${STATE}`, [
      s.ip,
      s.type,
      s.identifier,
      policy.blockAt,
      policy.windowMinutes,
      policy.blockMinutes,
    ]);
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
