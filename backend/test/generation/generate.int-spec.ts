import request from 'supertest';
import sharp from 'sharp';
import { IMAGE_GENERATED, type ImageGenerated } from '../../src/modules/generation';
import { EventBus } from '../../src/shared/events/event-bus';
import { GPS_IFD_POINTER, exifIfd0Tags, flatJpeg, jpegSegments, jpegWithOrientationAndGps, meanDifference, photoJpeg, photoPng } from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, imageRow, imageRowsOf, ledgerOf, signedInUser, sql } from './generation-helpers';

/** POST /api/generate end to end with the local engine (no REPLICATE_API_TOKEN), and the image files. */
describe('generation end to end', () => {
  let t: TestApp;
  const events: ImageGenerated[] = [];

  beforeAll(async () => {
    t = await createGenerationApp();
    t.app.get(EventBus).subscribe<ImageGenerated>(IMAGE_GENERATED, (e) => void events.push(e));
  });
  afterAll(() => t.close());

  it('edits the photo for exactly one credit, stores it completed, serves it, and announces it once', async () => {
    const user = await signedInUser(t, { regular: 2 });
    const res = await generate(user.agent, { image: photoJpeg(), filename: 'My Rocket.jpg', prompt: 'make it black and white' }).expect(200);

    const id = res.body.id as string;
    expect(res.body).toEqual({
      id,
      imageUrl: `/api/images/${id}`,
      originalUrl: `/api/images/${id}/original`,
      downloadUrl: `/api/images/${id}/download`,
      watermarked: false,
      model: 'local-engine',
      // Issue 15: the seed drawn for this generation (test/generation/seeds.int-spec.ts)
      seed: expect.any(Number),
      originalRenditions: res.body.originalRenditions,
      generatedRenditions: res.body.generatedRenditions,
    });
    expect(res.body.generatedRenditions.map((r: { width: number }) => r.width)).toEqual([320, 640]); // D31
    expect(await balanceOf(t, user.id)).toEqual({ balance: 1, regular: 1, watermarked: 0 });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: { captured: 1 } });

    const row = await imageRow(t, id);
    expect(row).toMatchObject({
      user_id: user.id,
      status: 'completed',
      is_public: true,
      is_watermarked: false,
      model: 'local-engine',
      original_filename: 'My Rocket.jpg',
      original_mime_type: 'image/jpeg',
      generated_mime_type: 'image/jpeg',
    });
    expect(Number(row!.original_bytes)).toBeGreaterThan(1000);
    expect(Number(row!.generated_bytes)).toBeGreaterThan(1000);

    const announced = events.filter((e) => e.imageId === id);
    expect(announced).toEqual([
      expect.objectContaining({ type: IMAGE_GENERATED, imageId: id, userId: user.id, isPublic: true, prompt: 'make it black and white', style: 'realistic' }),
    ]);

    // The generated image: anyone may fetch a public one (no cookie), with its real type and a strong ETag.
    const image = await request(t.http).get(`/api/images/${id}`).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const pixels = await sharp(image.body as Buffer).stats();
    // Black and white: the three channels are (nearly) equal.
    expect(Math.abs(pixels.channels[0].mean - pixels.channels[2].mean)).toBeLessThan(2);
    await request(t.http).get(`/api/images/${id}`).set('If-None-Match', etag).expect(304);

    const original = await request(t.http).get(`/api/images/${id}/original`).expect(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers.etag).not.toBe(etag);
    expect(await sharp(original.body as Buffer).metadata()).toMatchObject({ width: 640, height: 427 });

    const download = await request(t.http).get(`/api/images/${id}/download`).expect(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="magic-editor-${id}.jpg"`);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(download.body as Buffer, image.body as Buffer)).toBe(0);
  });

  it('keeps a PNG a PNG, down to the download name (D0)', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoPng(), filename: 'coffee.png', contentType: 'image/png', prompt: 'add snow falling' }).expect(200);
    const id = res.body.id as string;
    const image = await request(t.http).get(`/api/images/${id}`).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.body as Buffer).metadata()).format).toBe('png');
    const download = await request(t.http).get(`/api/images/${id}/download`).expect(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="magic-editor-${id}.png"`);
    expect((await request(t.http).get(`/api/images/${id}/original`).expect(200)).headers['content-type']).toBe('image/png');
  });

  it('stores an upload upright and without any EXIF, GPS or ICC data (D12)', async () => {
    const upload = await jpegWithOrientationAndGps();
    // The fixture really carries what must go: orientation 6, a GPS IFD, an ICC profile.
    const uploadMeta = await sharp(upload).metadata();
    expect(uploadMeta).toMatchObject({ width: 640, height: 427, orientation: 6 });
    expect(exifIfd0Tags(uploadMeta.exif!)).toContain(GPS_IFD_POINTER);
    expect(uploadMeta.icc).toBeDefined();

    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: upload, prompt: 'add snow falling' }).expect(200);
    const id = res.body.id as string;

    for (const path of [`/api/images/${id}/original`, `/api/images/${id}`]) {
      const stored = (await request(t.http).get(path).expect(200)).body as Buffer;
      const meta = await sharp(stored).metadata();
      // Rotated: the 640x427 pixels shown as orientation 6 are stored as 427x640.
      expect({ path, width: meta.width, height: meta.height }).toEqual({ path, width: 427, height: 640 });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      // And no metadata segment of the upload, byte for byte: no APP1 (EXIF/XMP), APP2 (ICC), APP13
      // (IPTC) or comment. The output's own: APP11, its content credentials (C2PA JUMBF), and one APP1
      // XMP packet holding only the AI-edit source type (D42).
      const segments = jpegSegments(stored);
      const generated = path === `/api/images/${id}`;
      expect(meta.xmp === undefined).toBe(!generated);
      if (meta.xmp) expect(meta.xmp.toString('utf8')).toMatch(/^<\?xpacket[^]*Iptc4xmpExt:DigitalSourceType="[^"]+compositeWithTrainedAlgorithmicMedia"\/>[^]*<\?xpacket end="w"\?>$/);
      expect(segments.map((s) => s.name).filter((n) => /^APP([1-9]|1[02-5])$|^COM$/.test(n))).toEqual(generated ? ['APP1'] : []);
      expect(segments.filter((s) => s.name === 'APP11').every((s) => s.data.includes(Buffer.from('c2pa')))).toBe(true);
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
      expect(stored.includes(Buffer.from('Jane Private'))).toBe(false);
    }
  });

  it('watermarks the output a watermarked credit paid for, and only that one (D2)', async () => {
    const photo = await flatJpeg(800, 600, '#4a7bb5');
    const regular = await signedInUser(t, { regular: 1 });
    const free = await signedInUser(t, { watermarked: 1 });
    const prompt = 'make it black and white';

    const clean = await generate(regular.agent, { image: photo, prompt }).expect(200);
    const marked = await generate(free.agent, { image: photo, prompt }).expect(200);
    expect(clean.body.watermarked).toBe(false);
    expect(marked.body.watermarked).toBe(true);
    expect(await imageRow(t, marked.body.id)).toMatchObject({ is_watermarked: true });
    expect(await imageRow(t, clean.body.id)).toMatchObject({ is_watermarked: false });

    const cleanBytes = (await request(t.http).get(`/api/images/${clean.body.id}`).expect(200)).body as Buffer;
    const markedBytes = (await request(t.http).get(`/api/images/${marked.body.id}`).expect(200)).body as Buffer;
    // Same edit of the same photo: the bottom-right corner differs (the mark), the top-left does not
    // (beyond the film grain of the two generations' own seeds, about one level of 255: issue 15).
    const corner = { left: 560, top: 500, width: 240, height: 100 };
    const elsewhere = { left: 0, top: 0, width: 400, height: 300 };
    expect(await meanDifference(cleanBytes, markedBytes, corner)).toBeGreaterThan(15);
    expect(await meanDifference(cleanBytes, markedBytes, elsewhere)).toBeLessThan(2.5);
    // The regular output has no mark: its corner looks like the rest of a flat grey image.
    const cleanCorner = await sharp(cleanBytes).extract(corner).stats();
    expect(cleanCorner.channels[0].stdev).toBeLessThan(3);
    // Issue 29 (ADR 0038): the engine hands its pixels to the output step, which encodes the
    // watermark-free master (what a chain step edits, D38) before drawing the mark into them.
    const [{ master }] = await sql<{ master: Buffer }>(t, `SELECT master_image_data AS master FROM image WHERE id = $1`, [marked.body.id]);
    expect(await meanDifference(cleanBytes, master, corner)).toBeLessThan(2.5);
    expect(await meanDifference(markedBytes, master, corner)).toBeGreaterThan(15);
    expect(await meanDifference(markedBytes, master, elsewhere)).toBeLessThan(0.5);
  });

  it('spends a regular credit before a watermarked one (D2)', async () => {
    const user = await signedInUser(t, { regular: 1, watermarked: 1 });
    const first = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200);
    const second = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200);
    expect([first.body.watermarked, second.body.watermarked]).toEqual([false, true]);
    expect(await balanceOf(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
  });

  it('keeps an image out of the feed when "Share to community" is off (D14), and serves it to its owner only', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling', share: 'false' }).expect(200);
    const id = res.body.id as string;
    expect(await imageRow(t, id)).toMatchObject({ is_public: false });
    expect(events.find((e) => e.imageId === id)?.isPublic).toBe(false);

    const own = await user.agent.get(`/api/images/${id}`).expect(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const anonymous = await request(t.http).get(`/api/images/${id}`).expect(404);
    expect(anonymous.body).toEqual({ message: 'Image not found', error: 'Image not found', code: 'IMAGE.NOT_FOUND' });
    expect(anonymous.headers['cache-control'] ?? '').not.toMatch(/public/);
    await request(t.http).get(`/api/images/${id}/original`).expect(404);
    await request(t.http).get(`/api/images/${id}/download`).expect(404);
    // A matching ETag reveals nothing either.
    await request(t.http).get(`/api/images/${id}`).set('If-None-Match', own.headers.etag as string).expect(404);
  });

  it('does a cartoon without a prompt', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), style: 'cartoon' }).expect(200);
    expect(await imageRow(t, res.body.id)).toMatchObject({ status: 'completed' });
    expect(events.find((e) => e.imageId === res.body.id)?.style).toBe('cartoon');
  });

  it('answers 401 to a signed-out generation, before reading the upload', async () => {
    const res = await generate(request(t.http), { image: photoJpeg(), prompt: 'add snow falling' }).expect(401);
    expect(res.body.code).toBe('AUTH.REQUIRED');
  });

  it.each([
    [{ prompt: 'add snow falling' }, 'Please upload an image and enter a prompt first.'],
    [{ image: true, prompt: '   ' }, 'Please upload an image and enter a prompt first.'],
    [{ image: true }, 'Please upload an image and enter a prompt first.'],
    [{ style: 'cartoon' }, 'Please upload an image first.'],
  ])('refuses missing information %j with 400 "%s", free of charge', async (fields, message) => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { ...fields, image: 'image' in fields ? photoJpeg() : undefined }).expect(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION.FAILED' });
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('blocks a prompt the filter refuses (D13) before any credit is reserved or image stored', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'make her naked on the beach' }).expect(400);
    expect(res.body).toMatchObject({
      code: 'GENERATION.PROMPT_BLOCKED',
      message: 'This prompt contains inappropriate content. Please rephrase and try again.',
    });
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: {} });
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('answers a prompt the local engine cannot do with 422 naming what it can, free of charge', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'remove the person on the left' }).expect(422);
    expect(res.body.code).toBe('GENERATION.UNSUPPORTED_EDIT');
    expect(Array.isArray(res.body.details?.supported)).toBe(true);
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: { released: 1 } });
    // Issue 9: a refused edit leaves no image row behind (not even a failed one).
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('leaves the image table as it was after a refused edit (issue 9)', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const count = async () => (await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM image`))[0].n;
    const before = await count();
    await generate(user.agent, { image: photoJpeg(), prompt: 'put the girl in a black dress' }).expect(422);
    expect(await count()).toBe(before);
  });

  it('answers a prompt with a NUL character with 400 and a clear message, free of charge (issue 9)', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow\u0000 falling' }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION.FAILED' });
    expect(res.body.message).toMatch(/control character \(such as NUL\)/);
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('blocks disguised prompts on the server too (issue 9)', async () => {
    const user = await signedInUser(t, { regular: 1 });
    for (const prompt of ['make her nu\u200bde', 'make her nud\u0435', 'n.u.d.e beach', 'n u d e beach', 't0pless']) {
      const res = await generate(user.agent, { image: photoJpeg(), prompt }).expect(400);
      expect(res.body.code).toBe('GENERATION.PROMPT_BLOCKED');
    }
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('answers 402 "Insufficient credits" with nothing stored for a user without credits', async () => {
    const user = await signedInUser(t);
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(402);
    expect(res.body).toMatchObject({ message: 'Insufficient credits', code: 'CREDITS.INSUFFICIENT' });
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('answers POST /api/content-filter with the server categories (D13)', async () => {
    const clean = await request(t.http).post('/api/content-filter').send({ prompt: 'add snow falling' }).expect(200);
    expect(clean.body).toEqual({ isBlocked: false, reason: null, category: null });
    const blocked = await request(t.http).post('/api/content-filter').send({ prompt: 'add a gun in his hand' }).expect(200);
    expect(blocked.body).toEqual({
      isBlocked: true,
      reason: 'This prompt contains inappropriate content. Please rephrase and try again.',
      category: 'violence',
    });
    const pattern = await request(t.http).post('/api/content-filter').send({ prompt: 'show some erotic content' }).expect(200);
    expect(pattern.body.category).toBe('sexual_content');
    const missing = await request(t.http).post('/api/content-filter').send({}).expect(400);
    expect(missing.body.code).toBe('VALIDATION.FAILED');
  });

  it('checks at most a generation prompt\'s length in POST /api/content-filter, and no NUL (issue 9)', async () => {
    await request(t.http).post('/api/content-filter').send({ prompt: 'a'.repeat(1000) }).expect(200);
    const long = await request(t.http).post('/api/content-filter').send({ prompt: 'a'.repeat(1001) }).expect(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION.FAILED', message: 'The prompt must be at most 1000 characters.' });
    const huge = await request(t.http).post('/api/content-filter').send({ prompt: 'nude '.repeat(100_000) }).expect(400);
    expect(huge.body.message).toBe('The prompt must be at most 1000 characters.');
    // A NUL is refused by the HTTP pipeline or by generation's own check, whichever sees it first.
    const nul = await request(t.http).post('/api/content-filter').send({ prompt: 'add\u0000snow' }).expect(400);
    expect(nul.body.message).toMatch(/NUL/);
    const bell = await request(t.http).post('/api/content-filter').send({ prompt: 'add\u0007snow' }).expect(400);
    expect(bell.body.message).toMatch(/control character/);
  });

  it('answers 404 for unknown and malformed image ids', async () => {
    await request(t.http).get('/api/images/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11').expect(404);
    const malformed = await request(t.http).get('/api/images/not-a-uuid').expect(404);
    expect(malformed.body.code).toBe('IMAGE.NOT_FOUND');
    await request(t.http).get('/api/images/not-a-uuid/original').expect(404);
  });
});
