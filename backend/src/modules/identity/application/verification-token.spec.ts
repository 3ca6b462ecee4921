import { createHash } from 'node:crypto';
import { createVerificationToken, hashVerificationToken, looksLikeVerificationToken, verificationExpiry } from './verification-token';

describe('verification tokens (D1)', () => {
  it('are 32 random bytes in base64url, stored only as their SHA-256 hex', () => {
    const a = createVerificationToken();
    const b = createVerificationToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.hash).toBe(createHash('sha256').update(a.token).digest('hex'));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.token).not.toBe(b.token);
    expect(hashVerificationToken(a.token)).toBe(a.hash);
  });

  it('refuse anything of another shape without looking it up', () => {
    expect(looksLikeVerificationToken(createVerificationToken().token)).toBe(true);
    expect(looksLikeVerificationToken('short')).toBe(false);
    expect(looksLikeVerificationToken('a'.repeat(43) + '=')).toBe(false);
    expect(looksLikeVerificationToken(`${'a'.repeat(42)}/`)).toBe(false);
    expect(looksLikeVerificationToken(undefined)).toBe(false);
  });

  it('expire after the configured number of hours', () => {
    expect(verificationExpiry(new Date('2025-01-01T00:00:00Z'), 48).toISOString()).toBe('2025-01-03T00:00:00.000Z');
  });
});
