import { DomainError, ValidationError } from '../../../shared/errors/domain-error';

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

export const TOO_MANY_IN_FLIGHT_FOR_USER = (max: number) =>
  `You already have ${max} ${max === 1 ? 'edit' : 'edits'} in progress. Please wait for one to finish and try again.`;
export const TOO_MANY_IN_FLIGHT_ON_SERVER = 'The editor is very busy right now. Please try again in a moment.';

/**
 * Issue 9: too many generations at once, for this user (GENERATION_MAX_IN_FLIGHT_PER_USER, on all
 * instances) or on this server (GENERATION_MAX_IN_FLIGHT_PER_INSTANCE). 429; no credit spent.
 */
export class TooManyGenerationsInFlightError extends DomainError {
  constructor(scope: 'user' | 'instance', max: number) {
    super('rate_limited', 'GENERATION.TOO_MANY_IN_FLIGHT', scope === 'user' ? TOO_MANY_IN_FLIGHT_FOR_USER(max) : TOO_MANY_IN_FLIGHT_ON_SERVER, {
      details: { scope, max },
    });
  }
}

/**
 * Issue 9: POST /api/content-filter called more than CONTENT_FILTER_PER_MINUTE times a minute
 * from one address (on all instances); blocked for the rest of the block, in whole minutes.
 */
export class ContentFilterRateLimitedError extends DomainError {
  constructor(readonly retryAfterMinutes: number) {
    super('rate_limited', 'GENERATION.CONTENT_FILTER_RATE_LIMITED', 'Too many prompt checks. Please wait a moment and try again.', {
      details: { retryAfterMinutes },
    });
  }
}

/** D38: `sourceImageId` names one of the caller's images that is still being made or that failed. */
export class SourceImageNotReadyError extends DomainError {
  constructor(status: 'processing' | 'failed') {
    super(
      'conflict',
      'GENERATION.SOURCE_NOT_READY',
      status === 'processing'
        ? 'That version is still being made. Wait for it to finish, then edit it.'
        : 'That version failed, so there is nothing to edit. Pick another version.',
      { details: { status } },
    );
  }
}

/** D40: the region mask is refused before anything is reserved (`details.reason`). */
export class InvalidMaskError extends DomainError {
  constructor(reason: 'not_png' | 'size' | 'too_small' | 'too_large' | 'unreadable', message: string) {
    super('invalid', 'GENERATION.INVALID_MASK', message, { details: { reason } });
  }
}
