import { Injectable } from '@nestjs/common';
import sharp, { type Sharp } from 'sharp';
import { InvalidMaskError, UnusableModelOutputError } from '../../domain/generation-errors';
import { sniffStoredType, sniffUploadType, type StoredMimeType } from '../../domain/image-format';
import { featherSigma, MASK_MESSAGES, maskShareProblem, sameAspect } from '../../domain/region-mask';
import { STORED_JPEG } from './stored-jpeg';

/** Same bound as the outputs': nothing we are sent or answered is bigger. */
const MAX_PIXELS = 100_000_000;

/** A checked mask at the photo's size: one byte per pixel, 0 keeps the photo, 255 takes the model's pixel. */
export interface PreparedMask {
  alpha: Buffer;
  width: number;
  height: number;
  /** The painted share of the photo (0-1), before feathering. */
  share: number;
}

/**
 * D40, for every engine: the mask is checked before anything is reserved (PNG by content, the
 * photo's aspect ratio, a painted share within bounds), scaled to the photo, thresholded and
 * feathered; after the model worked on the whole photo, its output is laid over the photo
 * through that mask, so outside the feathered area the photo's own pixels stay (an alpha of 0 in
 * libvips' "over" leaves the base pixel as it was). The mask itself is never stored.
 */
@Injectable()
export class RegionMaskService {
  async prepare(maskBytes: Buffer, photo: { width: number; height: number }): Promise<PreparedMask> {
    if (sniffUploadType(maskBytes) !== 'image/png') throw new InvalidMaskError('not_png', MASK_MESSAGES.not_png);
    const { width, height } = photo;
    let hard: Buffer;
    try {
      const meta = await sharp(maskBytes, { limitInputPixels: MAX_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      if (!sameAspect({ width: meta.width, height: meta.height }, photo)) {
        throw new InvalidMaskError('size', `${MASK_MESSAGES.size} The photo is ${width}×${height}; the mask is ${meta.width}×${meta.height}.`);
      }
      // Transparent is "keep"; the first channel decides (a white/black mask's are all alike).
      const scaled = await sharp(maskBytes, { failOn: 'error', limitInputPixels: MAX_PIXELS })
        .flatten({ background: '#000000' })
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const channels = scaled.info.channels;
      hard = Buffer.alloc(width * height);
      for (let p = 0, i = 0; p < hard.length; p++, i += channels) hard[p] = scaled.data[i] >= 128 ? 255 : 0;
    } catch (error) {
      if (error instanceof InvalidMaskError) throw error;
      throw new InvalidMaskError('unreadable', MASK_MESSAGES.unreadable);
    }
    let painted = 0;
    for (let i = 0; i < hard.length; i++) if (hard[i]) painted++;
    const share = painted / hard.length;
    const problem = maskShareProblem(share);
    if (problem) throw new InvalidMaskError(problem, MASK_MESSAGES[problem]);
    const sigma = featherSigma(width, height);
    const alpha = sigma ? await sharp(hard, { raw: { width, height, channels: 1 } }).blur(sigma).toColourspace('b-w').raw().toBuffer() : hard;
    return { alpha, width, height, share };
  }

  /**
   * The model's output scaled to the photo (as D40 says, "after the same resize") and laid over it
   * through the mask; encoded in the output's own format. `photo` is the model's input: upright,
   * at `mask.width` × `mask.height`.
   */
  async composite(photo: Buffer, output: Buffer, mask: PreparedMask): Promise<Buffer> {
    const mimeType = sniffStoredType(output);
    if (!mimeType) throw new UnusableModelOutputError();
    const { width, height } = mask;
    try {
      const model = await sharp(output, { failOn: 'error', limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize(width, height, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const layer = await sharp(model.data, { raw: { width, height, channels: model.info.channels } })
        .joinChannel(mask.alpha, { raw: { width, height, channels: 1 } })
        .raw()
        .toBuffer();
      const over = sharp(photo, { failOn: 'error', limitInputPixels: MAX_PIXELS }).composite([{ input: layer, raw: { width, height, channels: 4 } }]);
      return await encode(over, mimeType);
    } catch (cause) {
      throw new UnusableModelOutputError({ cause });
    }
  }
}

function encode(pipeline: Sharp, mimeType: StoredMimeType): Promise<Buffer> {
  if (mimeType === 'image/jpeg') return pipeline.jpeg(STORED_JPEG).toBuffer();
  if (mimeType === 'image/webp') return pipeline.webp({ quality: 90 }).toBuffer();
  return pipeline.png().toBuffer();
}
