import { Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { UnusableModelOutputError } from '../domain/generation-errors';
import { sniffStoredType, type StoredMimeType } from '../domain/image-format';
import { watermarkLayout, watermarkSvg } from '../domain/watermark';

export interface OutputImage {
  bytes: Buffer;
  mimeType: StoredMimeType;
}

/** Model outputs are never bigger than this; a larger claim is not an image we asked for. */
const MAX_OUTPUT_PIXELS = 100_000_000;

/**
 * Turns the model's answer into the bytes we store: in its real format (D0: the download name's
 * extension follows it), watermarked when a watermarked credit paid (D2), and without metadata.
 * An output that needs neither change is stored byte for byte (no needless re-encode).
 */
@Injectable()
export class OutputImageService {
  async prepare(output: Buffer, options: { watermark: boolean }): Promise<OutputImage> {
    const mimeType = sniffStoredType(output);
    if (!mimeType) throw new UnusableModelOutputError();
    let meta: Metadata;
    try {
      meta = await sharp(output, { limitInputPixels: MAX_OUTPUT_PIXELS }).metadata();
    } catch (cause) {
      throw new UnusableModelOutputError({ cause });
    }
    if (!meta.width || !meta.height) throw new UnusableModelOutputError();
    const carriesMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc || (meta.comments?.length ?? 0) > 0);
    if (!options.watermark && !carriesMetadata) return { bytes: output, mimeType };

    try {
      let pipeline = sharp(output, { failOn: 'error', limitInputPixels: MAX_OUTPUT_PIXELS }).rotate();
      if (options.watermark) {
        const turned = (meta.orientation ?? 1) >= 5;
        const layout = watermarkLayout(turned ? meta.height : meta.width, turned ? meta.width : meta.height);
        pipeline = pipeline.composite([{ input: Buffer.from(watermarkSvg(layout)), left: layout.left, top: layout.top }]);
      }
      const encoded =
        mimeType === 'image/jpeg'
          ? pipeline.jpeg({ quality: 90 })
          : mimeType === 'image/webp'
            ? pipeline.webp({ quality: 90 })
            : pipeline.png();
      return { bytes: await encoded.toBuffer(), mimeType };
    } catch (cause) {
      throw new UnusableModelOutputError({ cause });
    }
  }
}
