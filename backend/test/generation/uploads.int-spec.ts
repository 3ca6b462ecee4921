import request from 'supertest';
import { gif, oversizedJpeg, photoJpeg, pngDeclaring, textFile, truncatedJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, imageRowsOf, ledgerOf, signedInUser } from './generation-helpers';

/** D12: bad uploads each get a clear 4xx, store nothing and cost nothing. */
describe('upload checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGenerationApp();
  });
  afterAll(() => t.close());

  const cases: Array<[string, () => Buffer | Promise<Buffer>, string, number, string, string]> = [
    ['a text file named .jpg', textFile, 'holiday.jpg', 415, 'UPLOAD.UNSUPPORTED_TYPE', 'Only JPG and PNG images are supported.'],
    ['a GIF', gif, 'party.gif', 415, 'UPLOAD.UNSUPPORTED_TYPE', 'Only JPG and PNG images are supported.'],
    ['a truncated JPEG', truncatedJpeg, 'broken.jpg', 400, 'UPLOAD.UNREADABLE', 'The image could not be read. Please try another file.'],
    ['a PNG declaring 30000x30000', () => pngDeclaring(30000, 30000), 'bomb.png', 400, 'UPLOAD.TOO_MANY_PIXELS', 'The image is too large (more than 40 megapixels).'],
    ['an 11 MB file', () => oversizedJpeg(11 * 1024 * 1024), 'huge.jpg', 413, 'UPLOAD.TOO_LARGE', 'The image is larger than 10 MB.'],
  ];

  it.each(cases)('refuses %s (%s) with %i %s, storing and charging nothing', async (_name, make, filename, status, code, message) => {
    const user = await signedInUser(t, { regular: 1 });
    // The browser's claimed type is a lie in some cases: only the bytes count.
    const res = await generate(user.agent, { image: await make(), filename, contentType: 'image/jpeg', prompt: 'add snow falling' }).expect(status);
    expect(res.body).toMatchObject({ code, message });
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: {} });
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('applies the same checks to the mask', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), mask: await gif(), prompt: 'add snow falling' }).expect(415);
    expect(res.body.code).toBe('UPLOAD.UNSUPPORTED_TYPE');
    expect(await imageRowsOf(t, user.id)).toEqual([]);
  });

  it('refuses a stray file field without charging', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await user.agent
      .post('/api/generate')
      .field('prompt', 'add snow falling')
      .attach('picture', photoJpeg(), { filename: 'a.jpg', contentType: 'image/jpeg' })
      .expect(400);
    expect(res.body.code).toBe('VALIDATION.FAILED');
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
  });

  it('answers a signed-out upload of 11 MB with 401, not 413 (the guard runs before the body is read)', async () => {
    const res = await generate(request(t.http), { image: oversizedJpeg(), prompt: 'add snow falling' });
    expect(res.status).toBe(401);
  });
});
