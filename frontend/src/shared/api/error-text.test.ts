import { describe, expect, it } from 'vitest';
import { toApiError } from './base-api';
import { errorField, failureText, fieldMessages, serverMessage, withReason, withoutStatusPrefix } from './error-text';

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

describe('a fixed failure text with the server\'s reason', () => {
  it('keeps the fixed text first and whole, and adds the reason after it', () => {
    expect(withReason('Failed to send message. Please try again.', 'You have sent 5 messages in the last hour.')).toBe(
      'Failed to send message. Please try again. You have sent 5 messages in the last hour.',
    );
  });

  it('is the fixed text alone without a reason, with a blank one, or with the same text', () => {
    expect(withReason('Failed.', undefined)).toBe('Failed.');
    expect(withReason('Failed.', '   ')).toBe('Failed.');
    expect(withReason('Failed.', 'Failed.')).toBe('Failed.');
  });
});

describe('field messages of a 400', () => {
  it('reads the first message of each field, once per field', () => {
    const error = toApiError(
      400,
      'Bad Request',
      JSON.stringify({
        message: 'Invalid',
        details: [
          { field: 'email', messages: ['Please enter a valid email address', 'second'] },
          { field: 'email', messages: ['later'] },
          { field: 'name', messages: ['Please enter your name'] },
          { field: 'subject', messages: [] },
          { field: 7, messages: ['not a field name'] },
          'junk',
          null,
        ],
      }),
    );
    expect(fieldMessages(error)).toEqual({ email: 'Please enter a valid email address', name: 'Please enter your name' });
  });

  it('is empty when the details are not a list', () => {
    expect(fieldMessages(toApiError(400, '', JSON.stringify({ details: { requiresCaptcha: true } })))).toEqual({});
    expect(fieldMessages(undefined)).toEqual({});
  });
});
