import sharp from 'sharp';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../src/config/app-config';
import { ContentCredentialsService } from '../../src/shared/provenance/content-credentials.service';
import { developmentCredentials } from '../../src/shared/provenance/signing-credentials';
import { generate, generationAppForSuite, signedInUser, type Agent } from '../generation/generation-helpers';
import { actionsOf, readContentCredentials } from '../support/content-credentials';
import { jpegWithOrientationAndGps, photoPng } from '../support/images';
import { createTestApp } from '../support/test-app';

const SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

/**
 * D42: every output carries content credentials, signed after the last transform (the watermark
 * too), read back by a second, independent reader (c2pa-ts) with the hash binding, the action, the
 * source type, the model and the signer checked; the upload's metadata appears nowhere.
 */
describe('content credentials on outputs (D42)', () => {
  const suite = generationAppForSuite();
  const download = async (id: string) => (await request(suite.t.http).get(`/api/images/${id}/download`).expect(200)).body as Buffer;
  const original = async (agent: Agent, id: string) => (await agent.get(`/api/images/${id}/original`).expect(200)).body as Buffer;

  it('a downloaded output: a valid manifest by Magic Editor, c2pa.edited by the model, the AI-edit source type, the photo as its parent by hash only', async () => {
    const user = await signedInUser(suite.t, { regular: 1 });
    const upload = await jpegWithOrientationAndGps();
    const made = await generate(user.agent, { image: upload, prompt: 'make it black and white', share: 'true' }).expect(200);
    const file = await download(made.body.id);
    const read = await readContentCredentials(file);

    expect(read).toMatchObject({ format: '_JPEG', valid: true, claimGenerator: 'Magic Editor' });
    expect(read.codes).toEqual(expect.arrayContaining(['claimSignature.validated', 'assertion.dataHash.match']));
    expect(read.codes!.filter((c) => /mismatch|invalid|missing/i.test(c))).toEqual([]);
    expect(read.signer).toMatch(/Magic Editor development signer/);
    const [opened, edited] = actionsOf(read);
    expect(opened).toMatchObject({ action: 'c2pa.opened' });
    expect(edited).toMatchObject({ action: 'c2pa.edited', digitalSourceType: SOURCE_TYPE, softwareAgent: { name: 'local-engine' } });

    // The parent: the photo as stored (metadata stripped, D12), by its SHA-256, no thumbnail.
    const stored = await original(user.agent, made.body.id);
    const ingredient = read.assertions!.find((a) => a.label === 'c2pa.ingredient.v3')!.data;
    expect(ingredient).toMatchObject({ relationship: 'parentOf', format: 'image/jpeg', instanceID: `sha256:${createHash('sha256').update(stored).digest('hex')}` });
    expect(ingredient).not.toHaveProperty('thumbnail');
    expect(read.assertions!.map((a) => a.label).sort()).toEqual(['c2pa.actions.v2', 'c2pa.hash.data', 'c2pa.ingredient.v3']);
    // The source type as XMP too (IPTC DigitalSourceType), under the signature.
    expect((await sharp(file).metadata()).xmp?.toString('utf8')).toContain(`Iptc4xmpExt:DigitalSourceType="${SOURCE_TYPE}"`);

    // The renditions lists and link previews show (WebP, D31) carry the same credentials.
    expect(made.body.generatedRenditions.length).toBeGreaterThan(0);
    for (const rendition of made.body.generatedRenditions as Array<{ url: string }>) {
      const webp = (await request(suite.t.http).get(rendition.url).expect(200)).body as Buffer;
      const readRendition = await readContentCredentials(webp);
      expect([rendition.url, readRendition.format, readRendition.valid]).toEqual([rendition.url, 'WebP', true]);
      expect((await sharp(webp).metadata()).xmp?.toString('utf8')).toContain(`Iptc4xmpExt:DigitalSourceType="${SOURCE_TYPE}"`);
      expect(actionsOf(readRendition)[1]).toMatchObject({ action: 'c2pa.edited', digitalSourceType: SOURCE_TYPE, softwareAgent: { name: 'local-engine' } });
    }

    // The upload's camera, owner and GPS fields: nowhere in the file or its manifest.
    const text = file.toString('latin1') + JSON.stringify(read);
    for (const secret of ['TestCam', 'Spy 1', 'Jane Private', 'GPS', '2964/100']) expect([secret, text.includes(secret)]).toEqual([secret, false]);
  });

  it('a watermarked output (a free credit) is signed after the watermark, its renditions too; a PNG output too', async () => {
    const user = await signedInUser(suite.t, { watermarked: 1 });
    const marked = await generate(user.agent, { image: photoPng(), contentType: 'image/png', prompt: 'make it black and white' }).expect(200);
    expect(marked.body.watermarked).toBe(true);
    const png = await download(marked.body.id);
    const read = await readContentCredentials(png);
    expect(read).toMatchObject({ format: '_PNG', valid: true });
    expect((await sharp(png).metadata()).xmp?.toString('utf8')).toContain(`Iptc4xmpExt:DigitalSourceType="${SOURCE_TYPE}"`);
    expect(actionsOf(read)[1]).toMatchObject({ action: 'c2pa.edited', digitalSourceType: SOURCE_TYPE });
    // The served image is the download (one file, one manifest).
    const served = (await request(suite.t.http).get(`/api/images/${marked.body.id}`).expect(200)).body as Buffer;
    expect(Buffer.compare(served, png)).toBe(0);
    const [first] = marked.body.generatedRenditions as Array<{ url: string }>;
    expect((await readContentCredentials((await request(suite.t.http).get(first.url).expect(200)).body as Buffer)).valid).toBe(true);
  });

  it('a changed byte breaks the hash binding: the reader says so', async () => {
    const user = await signedInUser(suite.t, { regular: 1 });
    const made = await generate(user.agent, { image: await jpegWithOrientationAndGps(), prompt: 'make it black and white' }).expect(200);
    const file = Buffer.from(await download(made.body.id));
    file[file.length - 200] ^= 0xff;
    const read = await readContentCredentials(file);
    expect(read.valid).toBe(false);
    expect(read.codes).toContain('assertion.dataHash.mismatch');
  });
});

describe('the signing certificate (D42)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2pa-cert-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('zero configuration: a development CA and signer made once, kept, and the same on the next start', async () => {
    const file = path.join(dir, 'dev.pem');
    const [a, b] = await Promise.all([developmentCredentials(file), developmentCredentials(file)]);
    expect(a.keyPem).toBe(b.keyPem); // two instances starting together agree on one pair
    expect(a).toMatchObject({ alg: 'es256', development: true });
    expect(a.subject).toMatch(/development signer/);
    expect((await developmentCredentials(file)).chainPem).toBe(a.chainPem);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('production refuses to start without a certificate unless told to use the development one; half a pair is refused anywhere', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/app', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.filter((p) => p.startsWith('C2PA'));
      }
    };
    expect(problems(production)).toEqual([expect.stringMatching(/^C2PA_SIGN_CERT: is required when NODE_ENV=production/)]);
    expect(problems({ ...production, C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true' })).toEqual([]);
    expect(problems({ NODE_ENV: 'test', C2PA_SIGN_CERT: '/some/cert.pem' })).toEqual([expect.stringMatching(/^C2PA_SIGN_KEY: C2PA_SIGN_CERT and C2PA_SIGN_KEY go together/)]);
  });

  it('a configured certificate (files or PEM text) signs instead, and its subject is the signer the reader sees', async () => {
    const made = await developmentCredentials(path.join(dir, 'prod-like.pem'));
    const keyFile = path.join(dir, 'key.pem');
    fs.writeFileSync(keyFile, made.keyPem);
    const t = await createTestApp({ env: { C2PA_SIGN_CERT: made.chainPem, C2PA_SIGN_KEY: keyFile } });
    try {
      const service = t.app.get(ContentCredentialsService, { strict: false });
      expect((await service.credentials()).development).toBe(false);
      const signed = await service.sign(photoPng(), 'image/png', { model: 'google/nano-banana', editedAt: new Date(), parent: { sha256: 'ab'.repeat(32), mimeType: 'image/png' } });
      const read = await readContentCredentials(signed);
      expect(read.valid).toBe(true);
      expect(actionsOf(read)[1]).toMatchObject({ softwareAgent: { name: 'google/nano-banana' } });
    } finally {
      await t.close();
    }
  });

  it('a key that is not the certificate\'s stops the start, with the reason', async () => {
    const one = await developmentCredentials(path.join(dir, 'one.pem'));
    const two = await developmentCredentials(path.join(dir, 'two.pem'));
    const service = new ContentCredentialsService(loadConfig({ NODE_ENV: 'test', C2PA_SIGN_CERT: one.chainPem, C2PA_SIGN_KEY: two.keyPem }));
    await expect(service.onApplicationBootstrap()).rejects.toThrow(/is not the key of the first certificate/);
  });
});
