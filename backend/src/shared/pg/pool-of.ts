import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The node-postgres pool behind a TypeORM data source (its connections, limits and timeouts), for
 * the few statements on a hot path where TypeORM's query runner (a runner per call, its logging and
 * result wrapping) costs more than the statement: they run with `pool.query`, named so the server
 * plans each once per connection.
 */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}
