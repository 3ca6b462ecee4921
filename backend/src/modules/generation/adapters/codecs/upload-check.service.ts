import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { largestRenditionWidth, type RawPixels } from '../../../images';
import {
  TooManyPixelsError,
  UnreadableUploadError,
  UnsupportedUploadTypeError,
  UploadTooLargeError,
} from '../../domain/generation-errors';
import { exceedsPixelLimit, sniffUploadType, type UploadMimeType } from '../../domain/image-format';
import { stripMetadata } from './strip-metadata';
import { STORED_JPEG } from './stored-jpeg';

/** An upload that passed D12: upright and without any metadata (lossless when it allowed, else freshly encoded). */
export interface CheckedImage {
  bytes: Buffer;
  mimeType: UploadMimeType;
  width: number;
  height: number;
  /**
   * Fast path only: the verification decode's pixels, scaled to the width the stored file's
   * largest WebP rendition needs (D31). They are the very pixels the images context would decode
   * from `bytes` for its renditions, so those are encoded from them (issue 14: one decode of the
   * upload instead of two).
   */
  renditionPixels?: RawPixels;
}

const SHARP_FORMAT: Record<UploadMimeType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/**
 * What an upload is for. A mask is only sent to the model, never stored with renditions, so its
 * verification decode keeps nothing (decoded at 1/8: still every entropy-coded block).
 */
export type UploadPurpose = 'original' | 'mask';

/**
 * D12, in order, cheapest first: size (multer stopped anything larger while receiving; checked
 * again here), type by magic bytes, pixel count from the header (before decoding). Then one of:
 *
 * - the fast path, for an upload that is already upright (EXIF orientation absent or 1) and in
 *   plain colours (no ICC profile; for JPEG no CMYK/YCCK): the metadata is removed at the byte
 *   level (codecs/strip-metadata: EXIF with GPS, XMP, IPTC, comments, text chunks, trailers after
 *   the end of the image…), a header read proves none is left, and the stripped bytes are decoded
 *   in full with `failOn: 'warning'`, at the size of the largest rendition (D31; a JPEG with
 *   shrink-on-load: libjpeg still reads every entropy-coded block, so truncated or corrupt data
 *   fails as in a full decode, without the re-encode), and those pixels make the original's
 *   renditions. The stored bytes are the upload's own, minus its metadata: no quality lost.
 *   They are stored as they are, so they must decode without a single warning (sharp's default,
 *   which the local engine uses); a file the decoder merely complains about goes the slow path,
 *   whose re-encode turns it into clean bytes as before.
 * - the slow path, for anything else (a rotation to apply, a colour profile to convert, an
 *   unusual file structure): a full decode, EXIF orientation applied, and a re-encode in the
 *   upload's own format. sharp writes no metadata unless asked (no EXIF, GPS, XMP, IPTC, comments
 *   or ICC profile; colours are converted to sRGB), so nothing the camera recorded is stored.
 */
@Injectable()
export class UploadCheckService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async check(bytes: Buffer, purpose: UploadPurpose = 'original'): Promise<CheckedImage> {
    const { maxBytes, maxMegapixels } = this.config.generation.upload;
    if (bytes.length > maxBytes) throw new UploadTooLargeError(maxBytes);
    const mimeType = sniffUploadType(bytes);
    if (!mimeType) throw new UnsupportedUploadTypeError();

    const header = await readHeader(bytes);
    if (header.format !== SHARP_FORMAT[mimeType] || !header.width || !header.height) {
      throw new UnreadableUploadError();
    }
    if (exceedsPixelLimit(header.width, header.height, maxMegapixels)) throw new TooManyPixelsError(maxMegapixels);

    if (canTakeFastPath(mimeType, header)) {
      const checked = await this.fastPath(bytes, mimeType, header.width, header.height, purpose);
      if (checked) return checked;
    }
    return this.slowPath(bytes, mimeType);
  }

  /** Lossless: the upload's own bytes minus their metadata, fully decoded once to prove them sound. Null: take the slow path. */
  private async fastPath(bytes: Buffer, mimeType: UploadMimeType, width: number, height: number, purpose: UploadPurpose): Promise<CheckedImage | null> {
    const outcome = stripMetadata(bytes, mimeType); // throws UnreadableUploadError on a broken structure
    if (outcome.kind === 'unsupported') return null;
    const stripped = Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength);

    // Belt and braces: what sharp sees in the stripped file (a header read, no decode).
    const after = await readHeader(stripped).catch(() => null);
    if (!after || after.format !== SHARP_FORMAT[mimeType] || after.width !== width || after.height !== height) return null;
    if (carriesMetadata(after) || (after.orientation ?? 1) !== 1) return null;

    const { maxMegapixels } = this.config.generation.upload;
    let renditionPixels: RawPixels | undefined;
    const decodeWidth = purpose === 'mask' ? Math.max(1, Math.ceil(width / 8)) : (largestRenditionWidth(width) ?? width);
    try {
      // Every pixel decoded (and verified), kept only at the scale of the largest rendition (D31),
      // the very call the images context makes for its renditions: JPEG with shrink-on-load (a
      // 12-megapixel photo at 1/2: libjpeg still reads every entropy-coded block, so truncated or
      // corrupt data fails as in a full decode); PNG inflated and unfiltered row by row and
      // reduced as it comes, so a 40-megapixel PNG never sits in memory as raw pixels.
      // failOn 'warning', stricter than the slow path's 'error': these very bytes are stored.
      const { data, info } = await sharp(stripped, { failOn: 'warning', limitInputPixels: maxMegapixels * 1_000_000 })
        .resize({ width: decodeWidth, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (purpose === 'original') renditionPixels = { data, width: info.width, height: info.height, channels: info.channels };
    } catch {
      // The decoder refused or complained: the slow path, on the upload as sent, answers exactly
      // as before this path existed (UnreadableUploadError, TooManyPixelsError, or re-encoded bytes).
      return null;
    }
    return { bytes: stripped, mimeType, width, height, renditionPixels };
  }

  /** Decode, apply the EXIF orientation, re-encode in the same format without any metadata. */
  private async slowPath(bytes: Buffer, mimeType: UploadMimeType): Promise<CheckedImage> {
    const { maxMegapixels } = this.config.generation.upload;
    try {
      // limitInputPixels again, so the decoder itself refuses what the header check let through.
      const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxMegapixels * 1_000_000 }).rotate();
      const encoded = mimeType === 'image/jpeg' ? pipeline.jpeg(STORED_JPEG) : pipeline.png();
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { bytes: data, mimeType, width: info.width, height: info.height };
    } catch (cause) {
      if (/pixel limit/i.test((cause as Error)?.message ?? '')) throw new TooManyPixelsError(maxMegapixels);
      throw new UnreadableUploadError({ cause });
    }
  }
}

async function readHeader(bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new UnreadableUploadError({ cause });
  }
}

/** Upright, no colour profile to convert, and (JPEG) in YCbCr/RGB or greyscale, not CMYK/YCCK. */
function canTakeFastPath(mimeType: UploadMimeType, header: Metadata): boolean {
  if ((header.orientation ?? 1) !== 1) return false;
  if (header.icc) return false;
  if (mimeType === 'image/jpeg') return header.space === 'srgb' || header.space === 'b-w';
  return true;
}

function carriesMetadata(meta: Metadata): boolean {
  return Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc || meta.tifftagPhotoshop || (meta.comments?.length ?? 0) > 0);
}
