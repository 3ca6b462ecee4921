import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { DecodedPixels } from '../../application/image-model.port';
import { IMAGES_API, largestRenditionWidth, type GeneratedRenditions, type ImagesApi, type RawPixels } from '../../../images';
import { UnusableModelOutputError } from '../../domain/generation-errors';
import { sniffStoredType, type StoredMimeType } from '../../domain/image-format';
import { watermarkLayout, watermarkSvg } from '../../domain/watermark';
import { STORED_JPEG } from './stored-jpeg';

export interface OutputImage {
  bytes: Buffer;
  mimeType: StoredMimeType;
  /** D31: the stored file's renditions, made from the same pixels while it is encoded. */
  renditions: Promise<GeneratedRenditions | null>;
  /**
   * The output upright at the largest rendition width, before any watermark: the one decode the
   * renditions are drawn from, also what its perceptual hash is taken of (D43). null when the
   * image is too small for any rendition.
   */
  pixels: Promise<RawPixels | null>;
  /** D38: with a watermark, the output as it was before it (the chain's next step is made from it). */
  master?: { bytes: Buffer; mimeType: StoredMimeType };
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
  constructor(@Inject(IMAGES_API) private readonly images: ImagesApi) {}

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
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    // The renditions (images context, D31) are made here, from the same decoded pixels side by side
    // with the full file's encode (not by decoding that file again afterwards), so the caller has
    // them to sign (D42) whether or not the file itself is re-encoded.
    const { pixels, renditions } = this.scaledWithRenditions(
      sharp(output, { failOn: 'error', limitInputPixels: MAX_OUTPUT_PIXELS }).rotate(),
      width,
      options.watermark,
    );
    if (!options.watermark && !carriesMetadata) return { bytes: output, mimeType, renditions, pixels };

    try {
      let pipeline = sharp(output, { failOn: 'error', limitInputPixels: MAX_OUTPUT_PIXELS }).rotate();
      if (options.watermark) {
        const layout = watermarkLayout(width, height);
        pipeline = pipeline.composite([{ input: Buffer.from(watermarkSvg(layout)), left: layout.left, top: layout.top }]);
      }
      const master = options.watermark ? { bytes: output, mimeType } : undefined;
      return { bytes: await encodedAs(pipeline, mimeType).toBuffer(), mimeType, renditions, pixels, master };
    } catch (cause) {
      throw new UnusableModelOutputError({ cause });
    }
  }

  /**
   * Issue 29 (ADR 0038): the same from the model's own pixels (a local edit), nothing decoded. The
   * renditions are drawn from the pixels scaled down, while the file is encoded; with a watermark,
   * the watermark-free master is encoded first (beside the scaling), then the badge's corner,
   * composited on its own (a composite over the whole picture doubled the encode), is copied into
   * those very pixels and the stored file encoded from them. The pixels are the caller's to give
   * up: they are changed. What is not a picture of a sane size is the model's failure.
   */
  async fromPixels(edited: DecodedPixels, mimeType: 'image/jpeg' | 'image/png', options: { watermark: boolean }): Promise<OutputImage> {
    const { width, height, channels } = edited;
    if (!(width > 0 && height > 0 && width * height <= MAX_OUTPUT_PIXELS) || edited.data.length !== width * height * channels) {
      throw new UnusableModelOutputError();
    }
    const raw = () => sharp(edited.data, { raw: { width, height, channels }, limitInputPixels: MAX_OUTPUT_PIXELS });
    const { pixels, renditions } = this.scaledWithRenditions(raw(), width, options.watermark);
    try {
      if (!options.watermark) return { bytes: await encodedAs(raw(), mimeType).toBuffer(), mimeType, renditions, pixels };
      const layout = watermarkLayout(width, height);
      // The badge's corner alone, composited by libvips off the event loop.
      const corner = { left: layout.left, top: layout.top, width: Math.min(layout.width, width - layout.left), height: Math.min(layout.height, height - layout.top) };
      let patch = raw().extract(corner).composite([{ input: Buffer.from(watermarkSvg(layout)), left: 0, top: 0 }]);
      if (channels === 3) patch = patch.removeAlpha();
      const marked = rawPixelsOf(patch);
      // Both have read the pixels before the badge's corner is copied into them.
      const [master] = await Promise.all([encodedAs(raw(), mimeType).toBuffer(), pixels]);
      copyInto(edited, await marked, corner.left, corner.top);
      const bytes = await encodedAs(raw(), mimeType).toBuffer();
      return { bytes, mimeType, renditions, pixels, master: { bytes: master, mimeType } };
    } catch (cause) {
      throw new UnusableModelOutputError({ cause });
    }
  }

  /**
   * The output (upright) scaled to the largest rendition width (JPEG shrink-on-load does most of
   * it for a file), null when the image is too small for any rendition, and the renditions made
   * from those pixels. Both are observed here: the caller and the images context await them, or
   * they are dropped with a failed output.
   */
  private scaledWithRenditions(source: Sharp, sourceWidth: number, watermark: boolean): Pick<OutputImage, 'pixels' | 'renditions'> {
    const largest = largestRenditionWidth(sourceWidth);
    const pixels = largest ? rawPixelsOf(source.resize({ width: largest, withoutEnlargement: true })) : Promise.resolve(null);
    const renditions = pixels.then((scaled) => scaled && this.renditionsOf(scaled, sourceWidth, watermark));
    pixels.catch(() => undefined);
    renditions.catch(() => undefined);
    return { pixels, renditions };
  }

  /**
   * The renditions of those pixels with the watermark drawn at that scale (D31: a watermarked
   * file's renditions are watermarked), encoded by the images context.
   */
  private async renditionsOf(scaled: RawPixels, sourceWidth: number, watermark: boolean): Promise<GeneratedRenditions> {
    let pixels = scaled;
    if (watermark) {
      const layout = watermarkLayout(pixels.width, pixels.height);
      let drawn = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } }).composite([
        { input: Buffer.from(watermarkSvg(layout)), left: layout.left, top: layout.top },
      ]);
      // Compositing adds an alpha channel; the stored file only has one if the output had it.
      if (pixels.channels === 3 || pixels.channels === 1) drawn = drawn.removeAlpha();
      const marked = await drawn.raw().toBuffer({ resolveWithObject: true });
      pixels = { data: marked.data, width: marked.info.width, height: marked.info.height, channels: marked.info.channels };
    }
    return this.images.renditionsFromPixels(pixels, sourceWidth);
  }
}

/** A pipeline's pixels as RawPixels. */
async function rawPixelsOf(pipeline: Sharp): Promise<RawPixels> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A stored file's encoding in its format (JPEG: STORED_JPEG, ADR 0038). */
function encodedAs(pipeline: Sharp, mimeType: StoredMimeType): Sharp {
  return mimeType === 'image/jpeg' ? pipeline.jpeg(STORED_JPEG) : mimeType === 'image/webp' ? pipeline.webp({ quality: 90 }) : pipeline.png();
}

/** Copies a picture with `base`'s channels into `base` at (left, top), row by row (it must fit). */
export function copyInto(base: DecodedPixels, patch: RawPixels, left: number, top: number): void {
  const { data, width, height, channels } = base;
  if (patch.channels !== channels || left + patch.width > width || top + patch.height > height) throw new Error('The patch does not fit the picture');
  const row = patch.width * channels;
  for (let y = 0; y < patch.height; y++) patch.data.copy(data, ((top + y) * width + left) * channels, y * row, (y + 1) * row);
}
