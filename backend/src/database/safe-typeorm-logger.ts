import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's own loggers print a failed query WITH its parameters, which may hold password
 * hashes, token hashes or e-mail addresses. This one logs errors and migrations without them.
 */
export class SafeTypeOrmLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('Database');

  logQuery(): void {
    // Queries are not logged.
  }

  logQueryError(error: string | Error, query: string, _parameters?: unknown[]): void {
    const message = typeof error === 'string' ? error : error.message;
    this.logger.error(`Query failed: ${message} — ${query.replace(/\s+/g, ' ').slice(0, 500)}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`Slow query (${time} ms): ${query.replace(/\s+/g, ' ').slice(0, 500)}`);
  }

  logSchemaBuild(): void {
    // Never used: schema changes are migrations only.
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }
}
