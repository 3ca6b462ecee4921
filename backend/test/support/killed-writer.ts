import { Client, type Pool } from 'pg';

/**
 * A writer killed in the middle of its transaction: a connection of its own begins, runs the
 * statements (a statement, or a statement and its parameters), and is terminated by the server
 * (`pg_terminate_backend`, asked through `pool`) before it commits, as a crashed instance's would be.
 */
export async function killedMidTransaction(url: string, pool: Pool, statements: Array<string | [string, unknown[]]>): Promise<void> {
  const victim = new Client({ connectionString: url });
  await victim.connect();
  victim.on('error', () => undefined); // the server ends it
  try {
    const [{ pid }] = (await victim.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows;
    await victim.query('BEGIN');
    for (const statement of statements) {
      if (typeof statement === 'string') await victim.query(statement);
      else await victim.query(statement[0], statement[1]);
    }
    await pool.query(`SELECT pg_terminate_backend($1)`, [pid]);
  } finally {
    await victim.end().catch(() => undefined);
  }
}
