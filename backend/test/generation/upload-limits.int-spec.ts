import { oversizedJpeg, pngDeclaring } from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, signedInUser } from './generation-helpers';

/**
 * D12's limits come from config (UPLOAD_MAX_BYTES, UPLOAD_MAX_MEGAPIXELS). Its own file: passport
 * is one instance per process, so two apps with sessions do not share a test file.
 */
describe('configured upload limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGenerationApp({ env: { UPLOAD_MAX_BYTES: String(200 * 1024), UPLOAD_MAX_MEGAPIXELS: '1' } });
  });
  afterAll(() => t.close());

  it('takes a file of exactly the byte limit, refuses one byte more, and applies the pixel limit', async () => {
    const user = await signedInUser(t, { regular: 2 });
    await generate(user.agent, { image: oversizedJpeg(200 * 1024), prompt: 'add snow falling' }).expect(200);
    const over = await generate(user.agent, { image: oversizedJpeg(200 * 1024 + 1), prompt: 'add snow falling' }).expect(413);
    expect(over.body).toMatchObject({ code: 'UPLOAD.TOO_LARGE', message: 'The image is larger than 0.2 MB.' });
    // 640x427 = 0.27 MP passes a 1 MP limit; a 1200x1000 PNG header does not.
    const pixels = await generate(user.agent, { image: pngDeclaring(1200, 1000), prompt: 'add snow falling' }).expect(400);
    expect(pixels.body).toMatchObject({ code: 'UPLOAD.TOO_MANY_PIXELS', message: 'The image is too large (more than 1 megapixels).' });
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
  });
});
