import { createHash, randomBytes } from 'node:crypto';

/**
 * D1 verification links: 32 random bytes, base64url (43 characters) in the link; only the
 * SHA-256 hex of it is stored, so a database reader cannot verify anybody's address.
 */
export interface VerificationToken {
  /** Goes into the mail, nowhere else. */
  token: string;
  /** Goes into user.email_verification_token. */
  hash: string;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createVerificationToken(): VerificationToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashVerificationToken(token) };
}

export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Anything that could not have come from createVerificationToken is refused without a lookup. */
export function looksLikeVerificationToken(token: string | undefined | null): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}

export function verificationExpiry(now: Date, ttlHours: number): Date {
  return new Date(now.getTime() + ttlHours * 3_600_000);
}
