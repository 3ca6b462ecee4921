/**
 * ARCHITECTURE rule 7: domain and application code throw DomainError subclasses with a stable
 * `code` (e.g. CREDITS.INSUFFICIENT) and a `kind`; one global filter turns kinds into statuses.
 * Plain TypeScript: no framework imports here.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payment_required'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable';

export interface DomainErrorOptions {
  /**
   * The `error` field of the response body. The spec's client reads it as a short code in some
   * places (`nsfw_detected`) and as human text in others, so it defaults to the message.
   */
  error?: string;
  /** Extra, safe-to-show detail (field errors, retry hints). */
  details?: unknown;
  cause?: unknown;
}

export class DomainError extends Error {
  readonly error: string;
  readonly details?: unknown;

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.error = options.error ?? message;
    this.details = options.details;
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string, options?: DomainErrorOptions) {
    super('not_found', code, message, options);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('invalid', 'VALIDATION.FAILED', message, { details });
  }
}

export class UnavailableError extends DomainError {
  constructor(code: string, message: string, options?: DomainErrorOptions) {
    super('unavailable', code, message, options);
  }
}
