import request from 'supertest';
import sharp from 'sharp';
import { newUser } from '../support/fixtures';
import { photoJpeg, photoPng, smallJpeg } from '../support/images';
import { balanceOf, generate, generationAppForSuite, grant, ledgerOf, signedInUser, sql } from './generation-helpers';
import { maxDifferenceOutside, rectMask } from './mask-helpers';

const ADMIN_EMAIL = 'chains-admin@example.com';

/** D39 variants and D40 masks with the local engine, and who may read a chain's history (D38). */
describe('variants, masks and history with the local engine (issue 26)', () => {
  const suite = generationAppForSuite({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

  it('makes 4 private variants with different seeds for 4 credits, one group, the first answered at the top', async () => {
    const { t } = suite;
    const user = await signedInUser(t, { regular: 4 });
    const res = await generate(user.agent, { image: await smallJpeg(), prompt: 'make it black and white', variants: '4' }).expect(200);
    const variants = res.body.variants as Array<{ id: string; status: string; seed: number; imageUrl: string; error: unknown }>;
    expect(variants).toHaveLength(4);
    expect(variants.every((v) => v.status === 'completed' && v.error === null && v.imageUrl === `/api/images/${v.id}`)).toBe(true);
    expect(res.body.id).toBe(variants[0].id);
    expect(new Set(variants.map((v) => v.seed)).size).toBe(4);
    const rows = await sql<{ is_public: boolean; variant_group_id: string; status: string }>(
      t,
      `SELECT is_public, variant_group_id, status FROM image WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.variant_group_id)).size).toBe(1);
    expect(rows.every((r) => !r.is_public && r.status === 'completed')).toBe(true);
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 0 });
    // Unpicked variants are private: nobody else sees them.
    await request(t.http).get(`/api/images/${variants[1].id}`).expect(404);
    // One variant answers as 000 §7 always did: no variants field.
    const user1 = await signedInUser(t, { regular: 1 });
    const single = await generate(user1.agent, { image: await smallJpeg(), prompt: 'make it black and white', variants: '1' }).expect(200);
    expect(single.body).not.toHaveProperty('variants');
  });

  it.each([
    ['2', 1],
    ['4', 3],
  ])('answers %s variants with %s credits 402 and spends nothing', async (variants, credits) => {
    const { t } = suite;
    const user = await signedInUser(t, { regular: credits });
    const res = await generate(user.agent, { image: await smallJpeg(), prompt: 'make it black and white', variants }).expect(402);
    expect(res.body.code).toBe('CREDITS.INSUFFICIENT');
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: credits });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: {} });
    expect(await sql(t, `SELECT id FROM image WHERE user_id = $1`, [user.id])).toEqual([]);
    await generate(user.agent, { image: await smallJpeg(), prompt: 'make it black and white', variants: '3' }).expect(400);
  });

  it('never goes below 0 with 20 concurrent variant requests on a balance of 5', async () => {
    const { t } = suite;
    const user = await signedInUser(t, { regular: 5 });
    const photo = await smallJpeg(96, 72);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => generate(user.agent, { image: photo, prompt: 'make it black and white', variants: i % 2 ? '4' : '2' })),
    );
    for (const a of answers) expect([200, 402, 429]).toContain(a.status);
    const made = answers.filter((a) => a.status === 200).flatMap((a) => (a.body.variants as Array<{ status: string }>).filter((v) => v.status === 'completed'));
    const balance = await balanceOf(t, user.id);
    expect(balance.balance).toBeGreaterThanOrEqual(0);
    expect(balance.balance).toBe(5 - made.length);
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: expect.not.objectContaining({ active: expect.anything() }) });
    const completed = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM image WHERE user_id = $1 AND status = 'completed'`, [user.id]);
    expect(completed[0].n).toBe(made.length);
  });

  it('keeps the photo outside the mask with the local engine, and changes it inside (D40)', async () => {
    const { t } = suite;
    const user = await signedInUser(t, { regular: 1 });
    const photo = photoPng();
    const { width, height } = await sharp(photo).metadata();
    const rect = { left: 40, top: 60, width: 300, height: 200 };
    const res = await generate(user.agent, {
      image: photo,
      filename: 'coffee.png',
      contentType: 'image/png',
      prompt: 'make it black and white',
      mask: await rectMask(width!, height!, rect),
    }).expect(200);
    const output = (await user.agent.get(`/api/images/${res.body.id}`).expect(200)).body as Buffer;
    const { outside, inside } = await maxDifferenceOutside(photo, output, rect, Math.ceil(Math.min(width!, height!) * 0.02));
    expect(outside).toBeLessThanOrEqual(2);
    expect(inside).toBeGreaterThan(20);
    // The mask is never stored.
    const stored = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM image WHERE user_id = $1`, [user.id]);
    expect(stored[0].n).toBe(1);

    // A chain step with a mask over another region keeps the previous version outside it.
    await grant(t, user.id, { regular: 1 });
    const rect2 = { left: 320, top: 40, width: 200, height: 150 };
    const next = await generate(user.agent, { sourceImageId: res.body.id, prompt: 'make it warmer', mask: await rectMask(width!, height!, rect2) }).expect(200);
    const output2 = (await user.agent.get(`/api/images/${next.body.id}`).expect(200)).body as Buffer;
    const step2 = await maxDifferenceOutside(output, output2, rect2, Math.ceil(Math.min(width!, height!) * 0.02));
    expect(step2.outside).toBeLessThanOrEqual(2);
    expect(step2.inside).toBeGreaterThan(5);
  });

  it('refuses bad masks 400 with a clear message and spends nothing: wrong size, empty, full, not PNG', async () => {
    const { t } = suite;
    const user = await signedInUser(t, { regular: 1 });
    const photo = photoJpeg(); // 640x427
    const black = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#000' } }).png().toBuffer();
    const white = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } }).png().toBuffer();
    const cases: Array<[string, Buffer, string, RegExp]> = [
      ['size', await rectMask(400, 400, { left: 0, top: 0, width: 200, height: 200 }), 'image/png', /photo's size/],
      ['too_small', await black(640, 427), 'image/png', /too small/],
      ['too_small', await rectMask(640, 427, { left: 0, top: 0, width: 10, height: 10 }), 'image/png', /too small/],
      ['too_large', await white(640, 427), 'image/png', /covers the whole photo/],
      ['not_png', await sharp(await white(640, 427)).jpeg().toBuffer(), 'image/jpeg', /must be a PNG/],
    ];
    for (const [reason, mask, type, message] of cases) {
      const res = await generate(user.agent, { image: photo, prompt: 'make it black and white', mask, maskContentType: type }).expect(400);
      expect(res.body).toMatchObject({ code: 'GENERATION.INVALID_MASK', details: { reason } });
      expect(res.body.message).toMatch(message);
    }
    // A half-scale mask of the same aspect ratio is fine.
    await generate(user.agent, {
      image: photo,
      prompt: 'make it black and white',
      mask: await rectMask(320, 213, { left: 10, top: 10, width: 100, height: 100 }),
    }).expect(200);
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: { captured: 1 } });
  });

  it('counts a saved version\'s chain in My Edits: the versions from the first down to it (D38)', async () => {
    const { t } = suite;
    const user = await newUser(t, { plan: 'pro', credits: 3 });
    const photo = await smallJpeg();
    const first = await generate(user.agent, { image: photo, prompt: 'make it black and white' }).expect(200);
    const second = await generate(user.agent, { sourceImageId: first.body.id, prompt: 'add snow falling' }).expect(200);
    const third = await generate(user.agent, { sourceImageId: second.body.id, prompt: 'make the colors warmer' }).expect(200);
    for (const id of [first.body.id, third.body.id]) await user.agent.post(`/api/images/${id}/save`).expect(200);
    const list = await user.agent.get('/api/my-edits').expect(200);
    const versions = Object.fromEntries((list.body as Array<{ id: string; versions: number }>).map((i) => [i.id, i.versions]));
    expect(versions).toEqual({ [first.body.id]: 1, [third.body.id]: 3 });
    const history = await user.agent.get(`/api/images/${third.body.id}/history`).expect(200);
    expect(history.body.chain).toHaveLength(3);
  });

  it('shows a history to its owner only: 404 to visitors, other users (unverified, paid, suspended) and admins, even for a public image', async () => {
    const { t } = suite;
    const owner = await signedInUser(t, { regular: 1 });
    const made = await generate(owner.agent, { image: await smallJpeg(), prompt: 'make it black and white' }).expect(200);
    await request(t.http).get(`/api/images/${made.body.id}`).expect(200); // public
    const actors = [
      await newUser(t),
      await newUser(t, { verified: false }),
      await newUser(t, { plan: 'paid' }),
      await newUser(t, { suspended: true }),
      await newUser(t, { admin: true }),
    ];
    await request(t.http).get(`/api/images/${made.body.id}/history`).expect(404);
    for (const actor of actors) await actor.agent.get(`/api/images/${made.body.id}/history`).expect(404);
    await owner.agent.get('/api/images/not-a-uuid/history').expect(404);
    const own = await owner.agent.get(`/api/images/${made.body.id}/history`).expect(200);
    expect(own.body).toMatchObject({ chain: [{ id: made.body.id, parentImageId: null, rootImageId: made.body.id }], children: [] });
  });
});
