import sharp from 'sharp';
import { carriesContentCredentials } from './embedded';
import { withXmp, xmpPacket } from './xmp';

const TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

describe('the source type as XMP (D42), written without re-encoding', () => {
  const base = () => sharp({ create: { width: 33, height: 21, channels: 3, background: '#336699' } });
  const cases: Array<[string, string, () => Promise<Buffer>]> = [
    ['JPEG', 'image/jpeg', () => base().jpeg().toBuffer()],
    ['PNG', 'image/png', () => base().png().toBuffer()],
    ['lossy WebP (VP8)', 'image/webp', () => base().webp().toBuffer()],
    ['lossless WebP (VP8L)', 'image/webp', () => base().webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (VP8X)', 'image/webp', () => sharp({ create: { width: 33, height: 21, channels: 4, background: '#33669980' } }).webp().toBuffer()],
  ];

  it.each(cases)('%s: readable XMP, the same pixels, written once', async (_name, mime, make) => {
    const bytes = await make();
    const out = withXmp(bytes, mime, xmpPacket(TYPE));
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([33, 21]);
    expect(meta.xmp?.toString('utf8')).toContain(`Iptc4xmpExt:DigitalSourceType="${TYPE}"`);
    expect((await sharp(out).raw().toBuffer()).equals(await sharp(bytes).raw().toBuffer())).toBe(true);
    expect(withXmp(out, mime, xmpPacket('other')).equals(out)).toBe(true);
    expect(carriesContentCredentials(out, mime)).toBe(false);
  });

  it('refuses what is not the type it is said to be', () => {
    expect(() => withXmp(Buffer.from('not an image'), 'image/png', 'x')).toThrow();
  });
});
