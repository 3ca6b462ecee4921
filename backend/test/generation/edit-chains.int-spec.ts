import sharp from 'sharp';
import { withoutContentCredentials } from '../support/content-credentials';
import { E005_SENSITIVE } from '../support/fake-replicate';
import { photoJpeg, photoPng } from '../support/images';
import { balanceOf, generate, grant, ledgerOf, replicateGenerationAppForSuite, signedInUser, sql } from './generation-helpers';
import { maxDifferenceOutside, rectMask } from './mask-helpers';

/** The bytes of the image the model was given (the fake Replicate records the data URI). */
function modelInput(input: Record<string, unknown>): Buffer {
  const m = /^data:[^;,]+;base64,(.*)$/s.exec(String(input.input_image));
  if (!m) throw new Error('no input_image data URI');
  return Buffer.from(m[1], 'base64');
}

/**
 * D38 edit chains, D39 variants and D40 masks through the real Replicate adapter against the fake
 * Replicate server (which echoes its input unless told otherwise, so what each step was given is
 * what it answers).
 */
describe('edit chains, variants and masks with Replicate (issue 26)', () => {
  const suite = replicateGenerationAppForSuite();

  beforeEach(() => suite.replicate.clear());

  it('chains 3 edits with mixed credit kinds: each step watermarked by its own credit, never baked in (D38)', async () => {
    const { t, replicate } = suite;
    const user = await signedInUser(t, { watermarked: 1 });
    const photo = photoPng();

    const first = await generate(user.agent, { image: photo, filename: 'coffee.png', contentType: 'image/png', prompt: 'add snow' }).expect(200);
    expect(first.body.watermarked).toBe(true);
    await grant(t, user.id, { regular: 2 });
    const second = await generate(user.agent, { sourceImageId: first.body.id, prompt: 'make it warmer' }).expect(200);
    const third = await generate(user.agent, { sourceImageId: second.body.id, prompt: 'add a rainbow' }).expect(200);
    expect([second.body.watermarked, third.body.watermarked]).toEqual([false, false]);

    // The model got the watermark-free output each time: step 1's master (the photo, echoed), not its served file.
    const inputs = replicate.creates().map((c) => modelInput((c.body as { input: Record<string, unknown> }).input));
    expect(inputs).toHaveLength(3);
    const served1 = (await user.agent.get(`/api/images/${first.body.id}`).expect(200)).body as Buffer;
    expect(Buffer.compare(inputs[1], served1)).not.toBe(0);
    expect(Buffer.compare(inputs[1], inputs[0])).toBe(0);
    // Step 2 had no watermark: its served file is its master, signed (D42); the picture is the photo's.
    expect(Buffer.compare(withoutContentCredentials(inputs[2]), inputs[0])).toBe(0);
    // …so the third step's file is the clean picture, while the first one's carries the watermark.
    const served3 = (await user.agent.get(`/api/images/${third.body.id}`).expect(200)).body as Buffer;
    // (The fake model echoes its input, step 2's signed file with its XMP: an output carrying
    // metadata is written again without it, so the pixels are compared, not the bytes.)
    const [pixels3, pixels0] = await Promise.all([served3, inputs[0]].map((b) => sharp(b).raw().toBuffer()));
    expect(pixels3.equals(pixels0)).toBe(true);
    const [clean, marked] = await Promise.all([served3, served1].map((b) => sharp(b).removeAlpha().raw().toBuffer()));
    expect(marked.length).toBe(clean.length);
    expect(marked.some((v, i) => Math.abs(v - clean[i]) > 40)).toBe(true);

    // Its original's renditions are the previous version's (the same file), read rather than made again.
    const widths = (list: Array<{ width: number }>) => list.map((r) => r.width);
    expect(widths(second.body.originalRenditions)).toEqual(widths(first.body.generatedRenditions));
    expect(second.body.originalRenditions.length).toBeGreaterThan(0);
    // A chain step's original is the previous version as its owner saw it (watermarked here).
    const original2 = (await user.agent.get(`/api/images/${second.body.id}/original`).expect(200)).body as Buffer;
    expect(Buffer.compare(original2, served1)).toBe(0);

    // Rows: parent and root; only the watermarked step keeps a master, never served.
    const rows = await sql<{ id: string; parent_image_id: string | null; root_image_id: string; is_watermarked: boolean; has_master: boolean }>(
      t,
      `SELECT id, parent_image_id, root_image_id, is_watermarked, master_image_data IS NOT NULL AS has_master FROM image WHERE user_id = $1 ORDER BY timestamp`,
      [user.id],
    );
    expect(rows).toEqual([
      { id: first.body.id, parent_image_id: null, root_image_id: first.body.id, is_watermarked: true, has_master: true },
      { id: second.body.id, parent_image_id: first.body.id, root_image_id: first.body.id, is_watermarked: false, has_master: false },
      { id: third.body.id, parent_image_id: second.body.id, root_image_id: first.body.id, is_watermarked: false, has_master: false },
    ]);
    // D4 per step: three captured reservations, one use row each, nothing left over.
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: { captured: 3 } });
    expect(await balanceOf(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });

    // The history: root first, down to this image; and an image's children.
    const history = await user.agent.get(`/api/images/${third.body.id}/history`).expect(200);
    expect(history.headers['cache-control']).toBe('private, no-store');
    expect(history.body.chain.map((v: { id: string }) => v.id)).toEqual([first.body.id, second.body.id, third.body.id]);
    expect(history.body.children).toEqual([]);
    expect(history.body.chain[1]).toEqual({
      id: second.body.id,
      parentImageId: first.body.id,
      rootImageId: first.body.id,
      variantGroupId: null,
      prompt: 'make it warmer',
      style: 'realistic',
      seed: second.body.seed,
      model: second.body.model,
      watermarked: false,
      isPublic: true,
      createdAt: expect.any(String),
      imageUrl: `/api/images/${second.body.id}`,
      originalUrl: `/api/images/${second.body.id}/original`,
      downloadUrl: `/api/images/${second.body.id}/download`,
      originalRenditions: expect.any(Array),
      generatedRenditions: expect.any(Array),
    });
    const ofFirst = await user.agent.get(`/api/images/${first.body.id}/history`).expect(200);
    expect(ofFirst.body.chain.map((v: { id: string }) => v.id)).toEqual([first.body.id]);
    expect(ofFirst.body.children.map((v: { id: string }) => v.id)).toEqual([second.body.id]);
  });

  it('answers another user\'s, an unknown or a malformed sourceImageId 404 and reserves nothing; processing or failed 409', async () => {
    const { t, replicate } = suite;
    const owner = await signedInUser(t, { regular: 1 });
    const made = await generate(owner.agent, { image: photoJpeg(), prompt: 'add snow' }).expect(200);
    const other = await signedInUser(t, { regular: 2 });
    for (const id of [made.body.id, '2f1b6c1e-0000-4000-8000-000000000000', 'not-a-uuid', '']) {
      const res = await generate(other.agent, { sourceImageId: id, prompt: 'add snow' });
      if (id === '') {
        expect(res.status).toBe(400);
        continue;
      }
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('IMAGE.NOT_FOUND');
    }
    expect(await ledgerOf(t, other.id)).toEqual({ rows: expect.any(Array), reservations: {} });
    expect(await sql(t, `SELECT id FROM image WHERE user_id = $1`, [other.id])).toEqual([]);
    expect(await balanceOf(t, other.id)).toMatchObject({ balance: 2 });

    await grant(t, owner.id, { regular: 2 });
    for (const status of ['processing', 'failed'] as const) {
      await sql(t, `UPDATE image SET status = $2 WHERE id = $1`, [made.body.id, status]);
      const res = await generate(owner.agent, { sourceImageId: made.body.id, prompt: 'add snow' }).expect(409);
      expect(res.body).toMatchObject({ code: 'GENERATION.SOURCE_NOT_READY', details: { status } });
    }
    // D13 on every step: a chain step's prompt passes the same filter, before anything.
    await sql(t, `UPDATE image SET status = 'completed' WHERE id = $1`, [made.body.id]);
    const blocked = await generate(owner.agent, { sourceImageId: made.body.id, prompt: 'make her naked on the beach' }).expect(400);
    expect(blocked.body.code).toBe('GENERATION.PROMPT_BLOCKED');
    expect(await ledgerOf(t, owner.id)).toMatchObject({ reservations: { captured: 1 } });
    expect(replicate.creates()).toHaveLength(1);
    // Both a photo and a source: refused before anything.
    await generate(owner.agent, { image: photoJpeg(), sourceImageId: made.body.id, prompt: 'add snow' }).expect(400);
  });

  it('runs 2 variants side by side; one refused by the model releases its own credit, the other is captured (D39)', async () => {
    const { t, replicate } = suite;
    const user = await signedInUser(t, { regular: 3 });
    replicate.enqueue({ kind: 'succeed' }, { kind: 'fail', error: E005_SENSITIVE });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow', variants: '2', share: 'true' }).expect(200);
    const variants = res.body.variants as Array<{ id: string; status: string; seed: number; error: { code: string } | null }>;
    expect(variants.map((v) => v.status).sort()).toEqual(['completed', 'failed']);
    const failed = variants.find((v) => v.status === 'failed')!;
    const done = variants.find((v) => v.status === 'completed')!;
    expect(failed.error?.code).toBe('GENERATION.NSFW_DETECTED');
    expect(res.body.id).toBe(done.id);
    expect(new Set(replicate.creates().map((c) => (c.body as { input: { seed: number } }).input.seed)).size).toBe(2);
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 2 });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: { captured: 1, released: 1 } });
    // Variants are private until picked, whatever the share switch said.
    const rows = await sql<{ is_public: boolean; variant_group_id: string }>(t, `SELECT is_public, variant_group_id FROM image WHERE id = $1`, [done.id]);
    expect(rows[0]).toMatchObject({ is_public: false, variant_group_id: expect.any(String) });
  });

  it('keeps the photo outside the mask when the model changes every pixel (D40)', async () => {
    const { t, replicate } = suite;
    const user = await signedInUser(t, { regular: 1 });
    const photo = photoPng();
    const { width, height } = await sharp(photo).metadata();
    replicate.enqueue({ kind: 'succeed', image: await sharp(photo).negate({ alpha: false }).png().toBuffer() });
    const rect = { left: Math.round(width! * 0.3), top: Math.round(height! * 0.3), width: Math.round(width! * 0.4), height: Math.round(height! * 0.4) };
    const res = await generate(user.agent, {
      image: photo,
      filename: 'coffee.png',
      contentType: 'image/png',
      prompt: 'make it glow',
      mask: await rectMask(width!, height!, rect),
    }).expect(200);
    // Replicate got the prompt unchanged and no mask.
    const input = (replicate.creates()[0].body as { input: Record<string, unknown> }).input;
    expect(input.prompt).toBe('make it glow');
    expect(Object.keys(input).some((k) => /mask/i.test(k))).toBe(false);
    const output = (await user.agent.get(`/api/images/${res.body.id}`).expect(200)).body as Buffer;
    const { outside, inside } = await maxDifferenceOutside(photo, output, rect, Math.ceil(Math.min(width!, height!) * 0.02));
    expect(outside).toBeLessThanOrEqual(2);
    expect(inside).toBeGreaterThan(100);
  });
});
