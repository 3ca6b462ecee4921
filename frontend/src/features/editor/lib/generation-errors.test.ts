import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE, toApiError } from '../../../shared/api/base-api';
import { classifyGenerationError, GENERATION_FAILED_MESSAGE, NSFW_MESSAGE, SOURCE_NOT_FOUND_MESSAGE, UNSUPPORTED_EDIT_MESSAGE } from './generation-errors';

function answer(status: number, body: unknown) {
  return toApiError(status, '', typeof body === 'string' ? body : JSON.stringify(body));
}

describe('generation failures (000 §8 "Generation")', () => {
  it('is out of credits for a 402, or for any message containing "Insufficient credits"', () => {
    expect(classifyGenerationError(answer(402, { message: 'Payment required' }))).toEqual({ kind: 'out-of-credits' });
    expect(classifyGenerationError(answer(402, ''))).toEqual({ kind: 'out-of-credits' });
    expect(classifyGenerationError(answer(400, { message: 'Insufficient credits' }))).toEqual({ kind: 'out-of-credits' });
  });

  it('offers verification instead to a user whose e-mail is not verified, and for a 403 that says so (issue 24)', () => {
    const unverified = { emailVerified: false };
    const verified = { emailVerified: true };
    const noCredits = answer(402, { message: 'Insufficient credits', code: 'CREDITS.INSUFFICIENT' });
    expect(classifyGenerationError(noCredits, unverified)).toEqual({ kind: 'verify-email' });
    expect(classifyGenerationError(answer(400, { message: 'Insufficient credits' }), unverified)).toEqual({ kind: 'verify-email' });
    expect(classifyGenerationError(noCredits, verified)).toEqual({ kind: 'out-of-credits' });
    expect(classifyGenerationError(noCredits, null)).toEqual({ kind: 'out-of-credits' });
    expect(classifyGenerationError(answer(403, { message: 'Verify first', code: 'AUTH.EMAIL_NOT_VERIFIED' }), verified)).toEqual({
      kind: 'verify-email',
    });
    // Another 403 is not about the e-mail.
    expect(classifyGenerationError(answer(403, { message: 'Forbidden', code: 'AUTH.SUSPENDED' }), unverified).kind).toBe('other');
  });

  it('is an nsfw refusal for error code nsfw_detected, with the server message or the default', () => {
    expect(classifyGenerationError(answer(400, { message: 'No.', error: 'nsfw_detected' }))).toEqual({ kind: 'nsfw', message: 'No.' });
    expect(classifyGenerationError(answer(400, { error: 'nsfw_detected' }))).toEqual({ kind: 'nsfw', message: NSFW_MESSAGE });
  });

  it('is a network failure when no answer arrived', () => {
    expect(classifyGenerationError({ status: 0, message: NETWORK_ERROR_MESSAGE, data: null })).toEqual({
      kind: 'network',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('is a Generation Error with the server sentence, else the general message, else the default', () => {
    expect(classifyGenerationError(answer(413, { message: 'The image is larger than 10 MB.' }))).toEqual({
      kind: 'other',
      message: 'The image is larger than 10 MB.',
    });
    expect(classifyGenerationError(answer(502, 'Bad gateway from proxy'))).toEqual({ kind: 'other', message: 'Bad gateway from proxy' });
    expect(classifyGenerationError(undefined)).toEqual({ kind: 'other', message: GENERATION_FAILED_MESSAGE });
    expect(classifyGenerationError({ name: 'Error' })).toEqual({ kind: 'other', message: GENERATION_FAILED_MESSAGE });
  });

  it('is an unsupported edit for the local engine\'s refusal: its short sentence, never a long list (issue 15)', () => {
    const short = "The local editing engine can't do that edit: it needs the AI model. Try one it can do, such as make it black and white.";
    const refusal = (message: string) => answer(422, { message, code: 'GENERATION.UNSUPPORTED_EDIT', details: { supported: ['black and white'] } });
    expect(classifyGenerationError(refusal(short))).toEqual({ kind: 'unsupported-edit', message: short });
    const twelveLines = `The local editing engine can't do that. It understands: ${Array.from({ length: 18 }, (_, i) => `edit number ${i}`).join(', ')}.`;
    expect(classifyGenerationError(refusal(twelveLines))).toEqual({ kind: 'unsupported-edit', message: UNSUPPORTED_EDIT_MESSAGE });
    // Another 422 is an ordinary Generation Error.
    expect(classifyGenerationError(answer(422, { message: 'Nope', code: 'UPLOAD.TOO_LARGE' }))).toEqual({ kind: 'other', message: 'Nope' });
  });

  it('says which image is gone for a chain step whose version is not the user\'s (D38 404), and passes the server\'s sentence for 409 and a refused mask', () => {
    expect(classifyGenerationError(answer(404, { message: 'Image not found', code: 'IMAGE.NOT_FOUND' }))).toEqual({
      kind: 'other',
      message: SOURCE_NOT_FOUND_MESSAGE,
    });
    const notReady = 'That version is still being made. Wait for it to finish, then edit it.';
    expect(classifyGenerationError(answer(409, { message: notReady, code: 'GENERATION.SOURCE_NOT_READY', details: { status: 'processing' } }))).toEqual({
      kind: 'other',
      message: notReady,
    });
    const badMask = 'The painted area is too small: paint at least 0.5% of the photo.';
    expect(classifyGenerationError(answer(400, { message: badMask, code: 'GENERATION.INVALID_MASK', details: { reason: 'too_small' } }))).toEqual({
      kind: 'other',
      message: badMask,
    });
    // Another 404 keeps its own sentence.
    expect(classifyGenerationError(answer(404, { message: 'Cannot POST /api/x', error: 'Not Found' }))).toEqual({ kind: 'other', message: 'Cannot POST /api/x' });
  });
});
