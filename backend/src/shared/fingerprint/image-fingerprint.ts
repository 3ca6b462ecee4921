import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { perceptualHashOfGrey, SIZE } from './perceptual-hash';

/** D43: what identifies an image for takedown and blocking: its exact bytes and its pixels' pHash. */
export interface ImageFingerprint {
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
  /** The 64-bit perceptual hash (unsigned). */
  phash: bigint;
}

/** Raw pixels as sharp describes them. */
export interface FingerprintPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The grey grid the hash is taken of: orientation applied, alpha flattened on white, the whole
 * picture squeezed to SIZE × SIZE (a box average: every pixel counts, so a re-encode or a resize
 * moves few grey levels).
 */
async function greyGrid(image: Sharp): Promise<Uint8Array> {
  const { data } = await image
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // greyscale() keeps one channel; a grey+alpha input would keep two.
  if (data.length === SIZE * SIZE) return new Uint8Array(data);
  const channels = data.length / (SIZE * SIZE);
  return Uint8Array.from({ length: SIZE * SIZE }, (_, i) => data[i * channels]);
}

/** The fingerprint of an encoded file (JPEG, PNG or WebP), decoded at the smallest size the codec allows. */
export async function fingerprintOfFile(bytes: Buffer): Promise<ImageFingerprint> {
  const grey = await greyGrid(sharp(bytes, { failOn: 'none' }).rotate());
  return { sha256: createHash('sha256').update(bytes).digest('hex'), phash: perceptualHashOfGrey(grey) };
}

/** The fingerprint from pixels already decoded (orientation applied), with the hash of the file they came from. */
export async function fingerprintOfPixels(pixels: FingerprintPixels, fileSha256: string): Promise<ImageFingerprint> {
  const grey = await greyGrid(sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } }));
  return { sha256: fileSha256, phash: perceptualHashOfGrey(grey) };
}
