import { getErrorCode, getErrorMessage, getErrorStatus, NETWORK_ERROR_MESSAGE } from '../../../shared/api/base-api';
import { errorField, failureText, serverMessage } from '../../../shared/api/error-text';

/** 000 §8 "Generation" texts. */
export const NSFW_MESSAGE = 'The AI detected inappropriate content. Please try a different image or prompt.';
export const GENERATION_FAILED_MESSAGE = 'Failed to generate image';

/** The server's code for a prompt the local engine cannot do (422, no credit spent). */
export const UNSUPPORTED_EDIT_CODE = 'GENERATION.UNSUPPORTED_EDIT';
/** Issue 15: what the user reads when the local engine cannot do an edit (short; the list is a link away). */
export const UNSUPPORTED_EDIT_MESSAGE = "The local editing engine can't do that edit: it needs the AI model.";
/** D38: the version to edit is not (or no longer) one of the user's images. */
export const SOURCE_NOT_FOUND_CODE = 'IMAGE.NOT_FOUND';
export const SOURCE_NOT_FOUND_MESSAGE = 'This version is no longer available to edit. Pick another version, or start a new edit.';
/** A server sentence longer than this is not shown in the toast (the local engine's list used to be 12 lines). */
export const SHORT_MESSAGE_MAX = 160;

export type GenerationFailure =
  | { kind: 'out-of-credits' }
  /** Issue 24: refused because the e-mail is not verified (verifying it gives the 2 free credits). */
  | { kind: 'verify-email' }
  | { kind: 'nsfw'; message: string }
  | { kind: 'network'; message: string }
  /** Issue 15: the local engine cannot do this prompt; the editor links to what it can do. */
  | { kind: 'unsupported-edit'; message: string }
  | { kind: 'other'; message: string };

function isNoAnswer(error: unknown): boolean {
  // The base query reports "no HTTP answer arrived" (fetch failed) as status 0.
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}

/** A refusal code that means "verify your e-mail first" (e.g. BILLING.EMAIL_NOT_VERIFIED). */
function isEmailNotVerified(error: unknown): boolean {
  return getErrorStatus(error) === 403 && /(^|\.)EMAIL_NOT_VERIFIED$/.test(getErrorCode(error) ?? '');
}

/**
 * Sorts a failed POST /api/generate into the cases of 000 §8, in the spec's order:
 * 402 or a message containing "Insufficient credits" → Out of Credits, and for a user whose
 * e-mail is not verified (`emailVerified: false`; issue 24) the offer to verify instead, as for a
 * 403 whose code says the e-mail is not verified; error code nsfw_detected
 * → the server message (or the default); no answer at all → the network text; the local
 * engine's refusal (code GENERATION.UNSUPPORTED_EDIT) → its short message (a Generation Error the
 * editor adds a link to); a chain step whose version is gone (D38, 404 IMAGE.NOT_FOUND) → a
 * sentence that says which image; anything else (D38's 409 GENERATION.SOURCE_NOT_READY, D40's 400
 * GENERATION.INVALID_MASK among them) → its message (see failureText), by default
 * "Failed to generate image".
 */
export function classifyGenerationError(error: unknown, user: { emailVerified: boolean } | null = null): GenerationFailure {
  if (isEmailNotVerified(error)) return { kind: 'verify-email' };
  if (getErrorStatus(error) === 402 || getErrorMessage(error, '').includes('Insufficient credits')) {
    // Issue 24: with no credits yet because the e-mail is not verified, buying is the wrong offer.
    return user && !user.emailVerified ? { kind: 'verify-email' } : { kind: 'out-of-credits' };
  }
  if (errorField(error) === 'nsfw_detected') {
    return { kind: 'nsfw', message: serverMessage(error) ?? NSFW_MESSAGE };
  }
  if (isNoAnswer(error)) return { kind: 'network', message: NETWORK_ERROR_MESSAGE };
  if (getErrorStatus(error) === 404 && getErrorCode(error) === SOURCE_NOT_FOUND_CODE) {
    // The server's "Image not found" says too little here: the image is the version being edited.
    return { kind: 'other', message: SOURCE_NOT_FOUND_MESSAGE };
  }
  if (getErrorCode(error) === UNSUPPORTED_EDIT_CODE) {
    const text = serverMessage(error);
    return { kind: 'unsupported-edit', message: text && text.length <= SHORT_MESSAGE_MAX ? text : UNSUPPORTED_EDIT_MESSAGE };
  }
  return { kind: 'other', message: failureText(error, GENERATION_FAILED_MESSAGE) };
}
