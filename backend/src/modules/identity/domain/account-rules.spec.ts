import { isAdminAccount, isAdminEmail, isValidFingerprint, normalizeEmail, normalizeIp, normalizeName, normalizeUsername, USERNAME_PATTERN } from './account-rules';

describe('account rules', () => {
  it('store e-mails trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ann.B@Example.COM ')).toBe('ann.b@example.com');
  });

  it('keep the case of a username but trim it', () => {
    expect(normalizeUsername('  Ann_B ')).toBe('Ann_B');
  });

  it('turn an empty optional name into no name', () => {
    expect(normalizeName('  ')).toBeNull();
    expect(normalizeName(undefined)).toBeNull();
    expect(normalizeName(' Ann ')).toBe('Ann');
  });

  it('allow letters, digits, dots, dashes and underscores in usernames only', () => {
    expect(USERNAME_PATTERN.test('ann.b-c_9')).toBe(true);
    expect(USERNAME_PATTERN.test('ann b')).toBe(false);
    expect(USERNAME_PATTERN.test('ann@b')).toBe(false);
    expect(USERNAME_PATTERN.test('änn')).toBe(false);
  });

  it('accept a device fingerprint only as 64 lower-case hex characters (a SHA-256 digest)', () => {
    expect(isValidFingerprint('a'.repeat(64))).toBe(true);
    expect(isValidFingerprint('A'.repeat(64))).toBe(false);
    expect(isValidFingerprint('a'.repeat(63))).toBe(false);
    expect(isValidFingerprint('g'.repeat(64))).toBe(false);
    // Nothing before or after the 64 characters either.
    expect(isValidFingerprint('a'.repeat(65))).toBe(false);
    expect(isValidFingerprint(`x${'a'.repeat(64)}`)).toBe(false);
    expect(isValidFingerprint(`${'a'.repeat(64)}x`)).toBe(false);
  });

  it('D22: an admin is an account whose e-mail is listed, whatever its case', () => {
    expect(isAdminEmail('Boss@Example.com', ['boss@example.com'])).toBe(true);
    expect(isAdminEmail('other@example.com', ['boss@example.com'])).toBe(false);
    expect(isAdminEmail('boss@example.com', [])).toBe(false);
  });

  it('D25: a listed e-mail makes an admin only once it is verified', () => {
    expect(isAdminAccount({ email: 'Boss@Example.com', emailVerified: true }, ['boss@example.com'])).toBe(true);
    expect(isAdminAccount({ email: 'boss@example.com', emailVerified: false }, ['boss@example.com'])).toBe(false);
    expect(isAdminAccount({ email: 'other@example.com', emailVerified: true }, ['boss@example.com'])).toBe(false);
  });

  it('see an IPv4 client behind an IPv6 socket as the same address', () => {
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeIp(undefined)).toBe('unknown');
  });
});
