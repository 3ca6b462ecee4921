import { DomainError, NotFoundError, ValidationError } from '../../../shared/errors/domain-error';
import { UPGRADE_TO_SAVE_MESSAGE } from './paid-plan';

/** The texts of the generation HTTP contract (issue 4), in one place. */
export const MISSING_IMAGE_AND_PROMPT = 'Please upload an image and enter a prompt first.';
export const MISSING_IMAGE = 'Please upload an image first.';
export const MODEL_BUSY_MESSAGE = 'The AI service is busy right now. Please try again in a moment.';

/** 000 §5 generation preconditions (the "Missing information" toast's texts). */
export class MissingInformationError extends ValidationError {
  constructor(message: typeof MISSING_IMAGE_AND_PROMPT | typeof MISSING_IMAGE) {
    super(message);
  }
}

/** D13: the server runs the same prompt filter as the client, before any credit is touched. */
export class PromptBlockedError extends DomainError {
  constructor(reason: string, category: string | null) {
    super('invalid', 'GENERATION.PROMPT_BLOCKED', reason, { details: { category } });
  }
}

/** D12: more bytes than UPLOAD_MAX_BYTES (refused while receiving, before anything is stored). */
export class UploadTooLargeError extends DomainError {
  constructor(maxBytes: number) {
    super('too_large', 'UPLOAD.TOO_LARGE', `The image is larger than ${formatMegabytes(maxBytes)}.`);
  }
}

/** D12: not JPEG or PNG by its first bytes (a GIF, a text file named .jpg, …). */
export class UnsupportedUploadTypeError extends DomainError {
  constructor() {
    super('unsupported_media_type', 'UPLOAD.UNSUPPORTED_TYPE', 'Only JPG and PNG images are supported.');
  }
}

/** D12: JPEG or PNG by signature, but truncated or corrupt. */
export class UnreadableUploadError extends DomainError {
  constructor(options: { cause?: unknown } = {}) {
    super('invalid', 'UPLOAD.UNREADABLE', 'The image could not be read. Please try another file.', options);
  }
}

/** D12: more than UPLOAD_MAX_MEGAPIXELS, refused from the header before decoding. */
export class TooManyPixelsError extends DomainError {
  constructor(maxMegapixels: number) {
    super('invalid', 'UPLOAD.TOO_MANY_PIXELS', `The image is too large (more than ${maxMegapixels} megapixels).`);
  }
}

/** Unknown id, malformed id, not completed, or private and not the viewer's: all alike (no existence leak). */
export class ImageNotFoundError extends NotFoundError {
  constructor() {
    super('IMAGE.NOT_FOUND', 'Image not found');
  }
}

/** D7: only a paid plan may save to My Edits; the client looks for "Upgrade to a paid plan". */
export class SaveUpgradeRequiredError extends DomainError {
  constructor() {
    super('forbidden', 'SAVE.UPGRADE_REQUIRED', UPGRADE_TO_SAVE_MESSAGE);
  }
}

/** The model answered bytes that are not an image we can store. */
export class UnusableModelOutputError extends DomainError {
  constructor(options: { cause?: unknown } = {}) {
    super('unavailable', 'GENERATION.MODEL_UNAVAILABLE', MODEL_BUSY_MESSAGE, options);
  }
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : Number(mb.toFixed(1))} MB`;
}
