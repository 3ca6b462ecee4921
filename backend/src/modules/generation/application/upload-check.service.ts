import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import {
  TooManyPixelsError,
  UnreadableUploadError,
  UnsupportedUploadTypeError,
  UploadTooLargeError,
} from '../domain/generation-errors';
import { exceedsPixelLimit, sniffUploadType, type UploadMimeType } from '../domain/image-format';

/** An upload that passed D12: the bytes are freshly encoded, upright and without any metadata. */
export interface CheckedImage {
  bytes: Buffer;
  mimeType: UploadMimeType;
  width: number;
  height: number;
}

const SHARP_FORMAT: Record<UploadMimeType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/**
 * D12, in order, cheapest first: size (multer stopped anything larger while receiving; checked
 * again here), type by magic bytes, pixel count from the header (before decoding), a full decode
 * that fails on truncated or corrupt data, then EXIF orientation applied and the image re-encoded
 * in its own format. sharp writes no metadata unless asked (no EXIF, GPS, XMP, IPTC, comments or
 * ICC profile; colours are converted to sRGB), so nothing the camera recorded is stored.
 */
@Injectable()
export class UploadCheckService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async check(bytes: Buffer): Promise<CheckedImage> {
    const { maxBytes, maxMegapixels } = this.config.generation.upload;
    if (bytes.length > maxBytes) throw new UploadTooLargeError(maxBytes);
    const mimeType = sniffUploadType(bytes);
    if (!mimeType) throw new UnsupportedUploadTypeError();

    let header: Metadata;
    try {
      header = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (cause) {
      throw new UnreadableUploadError({ cause });
    }
    if (header.format !== SHARP_FORMAT[mimeType] || !header.width || !header.height) {
      throw new UnreadableUploadError();
    }
    if (exceedsPixelLimit(header.width, header.height, maxMegapixels)) throw new TooManyPixelsError(maxMegapixels);

    try {
      // limitInputPixels again, so the decoder itself refuses what the header check let through.
      const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxMegapixels * 1_000_000 }).rotate();
      const encoded = mimeType === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png();
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { bytes: data, mimeType, width: info.width, height: info.height };
    } catch (cause) {
      if (/pixel limit/i.test((cause as Error)?.message ?? '')) throw new TooManyPixelsError(maxMegapixels);
      throw new UnreadableUploadError({ cause });
    }
  }
}
