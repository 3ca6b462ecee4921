import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** How long one successful database check answers for (per instance). */
export const HEALTH_CHECK_FRESH_MS = 1000;

/**
 * The database check behind GET /api/health: at most one `SELECT 1` in flight per instance, and a
 * success answers for HEALTH_CHECK_FRESH_MS, so a load balancer (or a load test) polling health
 * cannot turn into a query per request. A failure is never remembered: the next call checks again,
 * so a database that went down shows within a second.
 */
@Injectable()
export class HealthCheck {
  private lastOkAt = Number.NEGATIVE_INFINITY;
  private inFlight?: Promise<void>;

  constructor(private readonly dataSource: DataSource) {}

  /** Whether a check succeeded less than HEALTH_CHECK_FRESH_MS ago. */
  freshAt(now = Date.now()): boolean {
    return now - this.lastOkAt < HEALTH_CHECK_FRESH_MS;
  }

  /** Resolves when the database answers (or answered moments ago); rejects when it does not. */
  async databaseUp(): Promise<void> {
    if (this.freshAt()) return;
    this.inFlight ??= this.dataSource
      .query('SELECT 1')
      .then(() => {
        this.lastOkAt = Date.now();
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    await this.inFlight;
  }
}
