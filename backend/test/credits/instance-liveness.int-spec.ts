import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ReleaseStaleReservationsJob } from '../../src/modules/credits/application/release-stale-reservations.job';
import { CREDIT_RESERVATIONS_RELEASED, CREDITS_API, type CreditReservationsReleased, type CreditsApi } from '../../src/modules/credits';
import { EventBus } from '../../src/shared/events/event-bus';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 9: a reservation names the instance that made it; the recovery job releases the
 * reservations of instances that are gone (their advisory lock is no longer held) at once, and
 * leaves every live instance's alone, however many instances share the database.
 */
describe('reservations of a gone instance', () => {
  let db: TestDatabase;
  let sqlClient: Client;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('liveness');
    a = await createTestApp({ db });
    b = await createTestApp({ db });
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
  });
  afterAll(async () => {
    await sqlClient.end();
    await b.close();
    await a.close().catch(() => undefined);
    await db.drop();
  });

  async function userWithCredits(n: number): Promise<string> {
    const id = randomUUID();
    const name = `u${id.slice(0, 8)}`;
    await sqlClient.query(`INSERT INTO "user" (id, username, email, password) VALUES ($1, $2, $3, 'x')`, [id, name, `${name}@example.com`]);
    await a.app.get<CreditsApi>(CREDITS_API).grant({ userId: id, credits: n, kind: 'regular', type: 'purchase', sourceType: 'pack', description: 'p', idempotencyKey: `t:${randomUUID()}` });
    return id;
  }

  const statusOf = async (id: string) => (await sqlClient.query(`SELECT status FROM credit_reservation WHERE id = $1`, [id])).rows[0].status as string;

  it('releases a fresh reservation whose instance id no one holds, and announces it', async () => {
    const user = await userWithCredits(1);
    const r = await a.app.get<CreditsApi>(CREDITS_API).reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` });
    // As if made by a process that has died: an instance id whose lock nobody holds.
    await sqlClient.query(`UPDATE credit_reservation SET instance_id = $2 WHERE id = $1`, [r.id, randomUUID()]);
    const heard: CreditReservationsReleased[] = [];
    const off = b.app.get(EventBus).subscribe<CreditReservationsReleased>(CREDIT_RESERVATIONS_RELEASED, (e) => void heard.push(e));
    try {
      expect(await b.app.get(ReleaseStaleReservationsJob).execute()).toEqual([r.id]);
    } finally {
      off();
    }
    expect(await statusOf(r.id)).toBe('released');
    expect(heard).toEqual([{ type: CREDIT_RESERVATIONS_RELEASED, reason: 'instance_gone', reservations: [{ reservationId: r.id, userId: user, imageId: null }] }]);
    expect((await a.app.get<CreditsApi>(CREDITS_API).balance(user)).balance).toBe(1);
  });

  it('leaves the reservations of live instances alone, and releases them once their instance is gone', async () => {
    const user = await userWithCredits(2);
    const fromA = await a.app.get<CreditsApi>(CREDITS_API).reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` });
    const fromB = await b.app.get<CreditsApi>(CREDITS_API).reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` });

    expect(await b.app.get(ReleaseStaleReservationsJob).execute()).toEqual([]);
    expect(await a.app.get(ReleaseStaleReservationsJob).execute()).toEqual([]);
    expect([await statusOf(fromA.id), await statusOf(fromB.id)]).toEqual(['active', 'active']);

    await a.close(); // instance A goes away (its lock with its connection)
    expect(await b.app.get(ReleaseStaleReservationsJob).execute()).toEqual([fromA.id]);
    expect([await statusOf(fromA.id), await statusOf(fromB.id)]).toEqual(['released', 'active']);
  });
});
