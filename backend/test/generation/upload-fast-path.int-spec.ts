import request from 'supertest';
import sharp from 'sharp';
import { UploadCheckService } from '../../src/modules/generation/adapters/codecs/upload-check.service';
import { UnreadableUploadError } from '../../src/modules/generation/domain/generation-errors';
import { largestRenditionWidth } from '../../src/modules/images';
import {
  GPS_IFD_POINTER,
  cleanJpeg,
  exifIfd0Tags,
  gpsExifPayload,
  insertJpegSegments,
  jpegSegment,
  jpegSegments,
  jpegWithOrientation,
  meanDifference,
  photoJpeg,
  photoPng,
  pngChunks,
  pngWithTextAndExif,
  saturatedJpeg,
  truncatedCleanJpeg,
  truncatedCleanJpegWithEoi,
  truncatedJpeg,
  uprightJpegWithMetadata,
  withP3Profile,
} from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, imageRowsOf, ledgerOf, signedInUser } from './generation-helpers';

/**
 * D12 through the upload check's two paths. The fast path (upright, no ICC profile, not CMYK)
 * removes the metadata at the byte level and stores the upload's own bytes otherwise untouched;
 * the slow path (anything else) decodes, rotates and re-encodes as before. Which path ran is
 * observed through a spy on the slow path.
 */
describe('upload check: lossless fast path and slow path (D12)', () => {
  let t: TestApp;
  const slowPath = jest.spyOn(UploadCheckService.prototype as unknown as { slowPath: (...args: unknown[]) => Promise<unknown> }, 'slowPath');

  beforeAll(async () => {
    t = await createGenerationApp();
  });
  afterAll(async () => {
    slowPath.mockRestore();
    await t.close();
  });
  beforeEach(() => slowPath.mockClear());

  async function upload(image: Buffer, contentType = 'image/jpeg'): Promise<{ id: string; original: Buffer }> {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image, contentType, filename: contentType === 'image/png' ? 'p.png' : 'p.jpg', prompt: 'make it black and white' }).expect(200);
    const id = res.body.id as string;
    const original = (await request(t.http).get(`/api/images/${id}/original`).expect(200)).body as Buffer;
    return { id, original };
  }

  it('stores an upright JPEG with EXIF (GPS), XMP and a comment byte for byte as the same JPEG without them', async () => {
    const { upload: withMetadata, clean } = await uprightJpegWithMetadata();
    // The fixture really carries what must go.
    const before = await sharp(withMetadata).metadata();
    expect(exifIfd0Tags(before.exif!)).toContain(GPS_IFD_POINTER);
    expect(before.xmp).toBeDefined();
    expect(jpegSegments(withMetadata).map((s) => s.name)).toEqual(expect.arrayContaining(['APP1', 'COM']));
    expect(before.icc).toBeUndefined();
    expect(before.orientation ?? 1).toBe(1);

    const { original } = await upload(withMetadata);

    expect(slowPath).not.toHaveBeenCalled();
    expect(Buffer.compare(original, clean)).toBe(0); // lossless: not re-encoded, only the three segments gone
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
    expect(jpegSegments(original).map((s) => s.name).filter((n) => /^APP([1-9]|1[0-5])$|^COM$/.test(n))).toEqual([]);
    for (const secret of ['Jane Private', 'TestCam', 'Rue Private', 'GPSLatitude', 'Exif']) {
      expect({ secret, found: original.includes(Buffer.from(secret, 'latin1')) }).toEqual({ secret, found: false });
    }
  });

  it.each<[string, () => Promise<Buffer>]>([
    ['a progressive JPEG', () => sharp(photoJpeg()).jpeg({ quality: 90, progressive: true }).toBuffer()],
    ['a greyscale JPEG', () => sharp(photoJpeg()).greyscale().jpeg({ quality: 90 }).toBuffer()],
    ['a 4:4:4 JPEG', () => sharp(photoJpeg()).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer()],
  ])('strips %s losslessly too', async (_name, make) => {
    const clean = await make();
    expect((await sharp(clean).metadata()).icc).toBeUndefined();
    const withMetadata = insertJpegSegments(clean, [jpegSegment(0xe1, await gpsExifPayload()), jpegSegment(0xfe, Buffer.from('Jane Private'))]);
    const { original } = await upload(withMetadata);
    expect(slowPath).not.toHaveBeenCalled();
    expect(Buffer.compare(original, clean)).toBe(0);
  });

  it('sends a CMYK JPEG through the slow path (stored as an sRGB JPEG)', async () => {
    const cmyk = await sharp(photoJpeg()).toColourspace('cmyk').jpeg({ quality: 90 }).toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const { original } = await upload(cmyk);
    expect(slowPath).toHaveBeenCalledTimes(1);
    const meta = await sharp(original).metadata();
    expect(meta.space).toBe('srgb');
    expect(meta.icc).toBeUndefined();
  });

  it('does not store what follows the end of a JPEG (a phone trailer: video, depth map, GPS)', async () => {
    const clean = await cleanJpeg();
    const trailer = Buffer.from('\0\0\0\x18ftypmp42 moov udta ©xyz +48.8582+002.2945/ Jane Private', 'latin1');
    const { original } = await upload(Buffer.concat([clean, trailer]));
    expect(slowPath).not.toHaveBeenCalled();
    expect(Buffer.compare(original, clean)).toBe(0);
  });

  it('stores a PNG without its tEXt, eXIf and iTXt chunks, its image chunks untouched', async () => {
    const withMetadata = await pngWithTextAndExif();
    const before = await sharp(withMetadata).metadata();
    expect(before.exif).toBeDefined();
    expect(before.comments?.length).toBeGreaterThan(0);
    expect(pngChunks(withMetadata).map((c) => c.type)).toEqual(expect.arrayContaining(['tEXt', 'eXIf', 'iTXt', 'pHYs', 'tIME']));

    const { original } = await upload(withMetadata, 'image/png');

    expect(slowPath).not.toHaveBeenCalled();
    const types = pngChunks(original).map((c) => c.type);
    expect([...new Set(types)]).toEqual(['IHDR', 'IDAT', 'IEND']);
    // Byte for byte the photo's own IHDR, IDAT and IEND chunks (its pHYs and tIME go as well).
    const expected = Buffer.concat([
      photoPng().subarray(0, 8),
      ...pngChunks(photoPng())
        .filter((c) => ['IHDR', 'IDAT', 'IEND'].includes(c.type))
        .map((c) => c.raw),
    ]);
    expect(Buffer.compare(original, expected)).toBe(0);
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
    expect(original.includes(Buffer.from('Jane Private'))).toBe(false);
    // Same pixels as the photo.
    const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(photoPng()).raw().toBuffer()]);
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('leaves a PNG without IEND (every chunk whole) to the slow path, which accepted it before and re-encodes it', async () => {
    const png = photoPng();
    const noIend = png.subarray(0, png.length - 12);
    const { original } = await upload(noIend, 'image/png');
    expect(slowPath).toHaveBeenCalledTimes(1);
    expect(pngChunks(original).map((c) => c.type).at(-1)).toBe('IEND');
  });

  it('still rotates a JPEG with EXIF orientation 6 (slow path)', async () => {
    const rotated = await jpegWithOrientation(6);
    expect(await sharp(rotated).metadata()).toMatchObject({ width: 640, height: 427, orientation: 6 });

    const { original } = await upload(rotated);

    expect(slowPath).toHaveBeenCalledTimes(1);
    const meta = await sharp(original).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 427, height: 640 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(await meanDifference(original, await sharp(rotated).rotate().jpeg({ quality: 90 }).toBuffer())).toBeLessThan(2);
  });

  it('refuses a truncated upright JPEG with 400 UPLOAD.UNREADABLE, storing and charging nothing', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: await truncatedCleanJpeg(), prompt: 'make it black and white' }).expect(400);
    expect(res.body).toMatchObject({ code: 'UPLOAD.UNREADABLE', message: 'The image could not be read. Please try another file.' });
    expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
    expect(await ledgerOf(t, user.id)).toMatchObject({ reservations: {} });
    expect(await imageRowsOf(t, user.id)).toEqual([]);
    // Refused by the byte walker (the scan never reaches an end-of-image marker), before any decode.
    expect(slowPath).not.toHaveBeenCalled();
  });

  it('detects truncation in the fast path\'s decode (at the largest rendition\'s width, shrink-on-load for a large JPEG) too', async () => {
    // The fast path's verification decode, as UploadCheckService makes it (issue 14: at the scale
    // its renditions need, so the original is decoded once).
    const checkDecode = async (jpeg: Buffer, failOn: 'error' | 'warning') => {
      const { width } = await sharp(jpeg).metadata();
      return sharp(jpeg, { failOn })
        .resize({ width: largestRenditionWidth(width!) ?? width!, withoutEnlargement: true })
        .raw()
        .toBuffer();
    };
    const cut = (jpeg: Buffer) => jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    const withEoi = (jpeg: Buffer) => Buffer.concat([jpeg, Buffer.from([0xff, 0xd9])]);
    // 2600 px wide: decoded at 1/2 scale to 1280 (libjpeg still reads every entropy-coded block).
    const large = await sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    for (const jpeg of [truncatedJpeg(), await truncatedCleanJpeg(), cut(large)]) {
      await expect(checkDecode(jpeg, 'error')).rejects.toThrow(/premature end of JPEG/i);
      await expect(checkDecode(jpeg, 'warning')).rejects.toThrow(/premature end of JPEG/i);
    }
    // Scan data cut short but an EOI glued on: libjpeg only warns ("premature end of data
    // segment"), so 'error' lets it through (the slow path always did, then re-encoded it);
    // the fast path's 'warning' does not.
    for (const glued of [await truncatedCleanJpegWithEoi(), withEoi(cut(large))]) {
      await expect(checkDecode(glued, 'error')).resolves.toBeInstanceOf(Buffer);
      await expect(checkDecode(glued, 'warning')).rejects.toThrow(/premature end of data segment/i);
    }
    // And so the service itself sends the large one to the slow path, which re-encodes it.
    const checked = await t.app.get(UploadCheckService).check(withEoi(cut(large)));
    expect(slowPath).toHaveBeenCalledTimes(1);
    expect(checked.renditionPixels).toBeUndefined();
    await expect(sharp(checked.bytes).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
    // A sound large one takes the fast path, its pixels at the largest rendition's width.
    slowPath.mockClear();
    const sound = await t.app.get(UploadCheckService).check(large);
    expect(slowPath).not.toHaveBeenCalled();
    expect(sound.bytes.equals(large)).toBe(true);
    expect(sound.renditionPixels).toMatchObject({ width: 1280, height: 886, channels: 3 });
  });

  it('checks a mask just as strictly but keeps none of its pixels (it gets no renditions)', async () => {
    const large = await sharp({ create: { width: 2600, height: 1800, channels: 3, background: '#3a6' } }).jpeg({ quality: 90 }).toBuffer();
    const mask = await t.app.get(UploadCheckService).check(large, 'mask');
    expect(slowPath).not.toHaveBeenCalled();
    expect(mask.bytes.equals(large)).toBe(true);
    expect(mask.renditionPixels).toBeUndefined();
    // Damaged scan data fails the mask's decode as it fails the original's: the slow path answers.
    await expect(t.app.get(UploadCheckService).check(truncatedJpeg(), 'mask')).rejects.toThrow(UnreadableUploadError);
  });

  it('never stores a JPEG with damaged scan data as it is: the slow path re-encodes it, as before', async () => {
    const glued = await truncatedCleanJpegWithEoi();
    const checked = await t.app.get(UploadCheckService).check(glued);
    expect(slowPath).toHaveBeenCalledTimes(1);
    expect(checked.bytes.includes(glued.subarray(1000, 1100))).toBe(false); // freshly encoded bytes
    // Clean enough for the strictest reader (sharp's default, which the local engine uses).
    await expect(sharp(checked.bytes).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it('sends a JPEG with an ICC profile through the slow path: stored without the profile, colours converted to sRGB', async () => {
    const srgb = await saturatedJpeg();
    const p3 = await withP3Profile(srgb);
    expect((await sharp(p3).metadata()).icc).toBeDefined();

    const { original } = await upload(p3);

    expect(slowPath).toHaveBeenCalledTimes(1);
    const meta = await sharp(original).metadata();
    expect(meta.icc).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    // Converted: close to the sRGB image it came from; far from its P3 numbers read as if they were sRGB.
    const readAsSrgb = await sharp(p3, { ignoreIcc: true }).jpeg({ quality: 95 }).toBuffer();
    const converted = await meanDifference(original, srgb);
    const unconverted = await meanDifference(original, readAsSrgb);
    expect(converted).toBeLessThan(4);
    expect(unconverted).toBeGreaterThan(converted + 8);
  });
});
