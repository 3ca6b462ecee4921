import { describe, expect, it } from 'vitest';
import { toApiError } from './base-api';
import { errorField, failureText, serverMessage, withoutStatusPrefix } from './error-text';

describe('failure texts', () => {
  it("shows the body's message without the status prefix", () => {
    const error = toApiError(402, 'Payment Required', JSON.stringify({ message: 'Your card was declined.' }));
    expect(failureText(error, 'fallback')).toBe('Your card was declined.');
    expect(serverMessage(error)).toBe('Your card was declined.');
  });

  it('falls back to the text of the general "{status}: {text}" message without its status, then to the fallback', () => {
    expect(failureText(toApiError(500, 'Internal Server Error', 'boom'), 'fallback')).toBe('boom');
    expect(failureText(undefined, 'fallback')).toBe('fallback');
    expect(failureText({ data: { message: '   ' } }, 'fallback')).toBe('fallback');
  });

  it('reads no message or error field from a body that is not a JSON object', () => {
    expect(serverMessage({ data: ['a'] })).toBeUndefined();
    expect(serverMessage({ data: 'text' })).toBeUndefined();
    expect(errorField({ data: null })).toBeUndefined();
  });

  it("reads the body's error field", () => {
    expect(errorField(toApiError(422, '', JSON.stringify({ error: 'nsfw_detected' })))).toBe('nsfw_detected');
  });

  it('keeps the status in the error object but not in the text shown', () => {
    const error = toApiError(401, 'Unauthorized', JSON.stringify({ message: 'Invalid email or password' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('401: Invalid email or password');
    expect(withoutStatusPrefix(error.message)).toBe('Invalid email or password');
    expect(withoutStatusPrefix('Network Error: 3 retries')).toBe('Network Error: 3 retries');
  });
});
