import { getErrorMessage, getErrorStatus, NETWORK_ERROR_MESSAGE } from '../../../shared/api/base-api';
import { errorField, failureText, serverMessage } from '../../../shared/api/error-text';

/** 000 §8 "Generation" texts. */
export const NSFW_MESSAGE = 'The AI detected inappropriate content. Please try a different image or prompt.';
export const GENERATION_FAILED_MESSAGE = 'Failed to generate image';

export type GenerationFailure =
  | { kind: 'out-of-credits' }
  | { kind: 'nsfw'; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'other'; message: string };

function isNoAnswer(error: unknown): boolean {
  // The base query reports "no HTTP answer arrived" (fetch failed) as status 0.
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}

/**
 * Sorts a failed POST /api/generate into the cases of 000 §8, in the spec's order:
 * 402 or a message containing "Insufficient credits" → Out of Credits; error code nsfw_detected
 * → the server message (or the default); no answer at all → the network text; anything else →
 * its message (see failureText), by default "Failed to generate image".
 */
export function classifyGenerationError(error: unknown): GenerationFailure {
  if (getErrorStatus(error) === 402 || getErrorMessage(error, '').includes('Insufficient credits')) {
    return { kind: 'out-of-credits' };
  }
  if (errorField(error) === 'nsfw_detected') {
    return { kind: 'nsfw', message: serverMessage(error) ?? NSFW_MESSAGE };
  }
  if (isNoAnswer(error)) return { kind: 'network', message: NETWORK_ERROR_MESSAGE };
  return { kind: 'other', message: failureText(error, GENERATION_FAILED_MESSAGE) };
}
