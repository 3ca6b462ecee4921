import { DomainError } from '../../../shared/errors/domain-error';

export const NSFW_MESSAGE = 'The AI detected inappropriate content. Please try a different image or prompt.';

/** D11: a moderation refusal is not a model failure; the client reads `error: "nsfw_detected"`. */
export class ModelRefusedError extends DomainError {
  constructor(message = NSFW_MESSAGE) {
    super('invalid', 'GENERATION.NSFW_DETECTED', message, { error: 'nsfw_detected' });
  }
}

/** D11: counts toward the switch to the fallback model (E003/E004, 5xx, network, timeout). */
export class TransientModelError extends DomainError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('unavailable', 'GENERATION.MODEL_UNAVAILABLE', message, options);
  }
}

/** D10: the local engine understood nothing it can do in the prompt. No credit is spent. */
export class UnsupportedEditError extends DomainError {
  constructor(message: string, readonly supported: string[]) {
    super('unprocessable', 'GENERATION.UNSUPPORTED_EDIT', message, { details: { supported } });
  }
}
