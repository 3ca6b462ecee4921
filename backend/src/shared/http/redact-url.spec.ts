import { redactUrl } from './redact-url';

const TOKEN = 'A'.repeat(20) + '_-b'.repeat(7) + 'xy';

describe('redactUrl (tokens in paths never reach a log line)', () => {
  it.each([
    [`/api/reset-password/${TOKEN}`, '/api/reset-password/[redacted]'],
    [`/reset-password/${TOKEN}`, '/reset-password/[redacted]'],
    [`/api/confirm-email/${TOKEN}`, '/api/confirm-email/[redacted]'],
    [`/confirm-email/${TOKEN}?from=mail`, '/confirm-email/[redacted]?from=mail'],
    [`/Reset-Password/${TOKEN}/`, '/Reset-Password/[redacted]/'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain(TOKEN);
  });

  it('leaves every other path alone', () => {
    for (const url of ['/api/reset-password', '/api/forgot-password', '/api/user/credits?x=1', '/reset-password', '/']) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
