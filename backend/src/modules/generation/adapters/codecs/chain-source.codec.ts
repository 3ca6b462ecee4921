import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { DomainError } from '../../../../shared/errors/domain-error';
import type { StoredMimeType } from '../../../images';
import type { CheckedImage } from './upload-check.service';

/** Our own outputs are never bigger than this (as OutputImageService's bound). */
const MAX_SOURCE_PIXELS = 100_000_000;

/**
 * D38: a chain step's photo. Its bytes are our own earlier output, not an upload, so there is no
 * D12 check to run: the model's input is the master as stored (its size read from the header; a
 * WebP becomes PNG, as the model port takes JPEG or PNG).
 */
@Injectable()
export class ChainSourceCodec {
  async asModelInput(bytes: Buffer, mimeType: StoredMimeType): Promise<CheckedImage> {
    try {
      if (mimeType === 'image/webp') {
        const png = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).png().toBuffer({ resolveWithObject: true });
        return { bytes: png.data, mimeType: 'image/png', width: png.info.width, height: png.info.height };
      }
      const meta = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      return { bytes, mimeType, width: meta.width, height: meta.height };
    } catch (cause) {
      throw new DomainError('unavailable', 'GENERATION.SOURCE_UNREADABLE', 'That version could not be read. Please try another one.', { cause });
    }
  }
}
