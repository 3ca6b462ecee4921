import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, imageRowsOf, ledgerOf, signedInUser } from './generation-helpers';

/** D4: a balance never goes below 0, also under concurrent generations. */
describe('concurrent generations', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The in-flight limits (issue 9, tested in in-flight-limits.int-spec.ts) lifted: this is about the ledger.
    t = await createGenerationApp({ env: { GENERATION_MAX_IN_FLIGHT_PER_USER: '1000', GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '1000' } });
  });
  afterAll(() => t.close());

  it('lets exactly 3 of 20 concurrent generations through 3 credits; the others get 402 and the ledger adds up', async () => {
    const user = await signedInUser(t, { regular: 3 });
    const image = await smallJpeg();
    // 20 at once race for 3 credits as surely as 50 did, at less than half the machine's time.
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => generate(user.agent, { image, prompt: 'make it black and white' }).then((r) => r)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    for (const r of responses.filter((x) => x.status === 402)) {
      expect(r.body).toMatchObject({ message: 'Insufficient credits', code: 'CREDITS.INSUFFICIENT' });
    }

    expect(await balanceOf(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    const ledger = await ledgerOf(t, user.id);
    const uses = ledger.rows.filter((r) => r.type === 'use');
    expect(uses).toHaveLength(3);
    expect(uses.every((r) => r.credits === -1)).toBe(true);
    expect(ledger.rows.reduce((sum, r) => sum + r.credits, 0)).toBe(0);
    expect(ledger.reservations.active ?? 0).toBe(0);
    expect(ledger.reservations.captured).toBe(3);

    const rows = await imageRowsOf(t, user.id);
    const completed = rows.filter((r) => r.status === 'completed');
    expect(completed.map((r) => r.id).sort()).toEqual(responses.filter((r) => r.status === 200).map((r) => r.body.id).sort());
    // Whatever did not complete keeps no bytes (a lost race is deleted or failed, never stored).
    for (const row of rows.filter((r) => r.status !== 'completed')) {
      expect(row).toMatchObject({ status: 'failed', original_bytes: null, generated_bytes: null });
    }
    expect(rows.filter((r) => r.status === 'processing')).toEqual([]);
  });
});
