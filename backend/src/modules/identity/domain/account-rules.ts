/**
 * Sign-up and sign-in field rules (spec 000 §5, 001 §5; the identity HTTP contract). The DTOs
 * read the limits and messages from here so the server and its tests say the same thing.
 */
export const EMAIL_MAX = 255;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 6;
/** Change password asks for more than sign-up did (001 §5). */
export const NEW_PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX = 255;
export const NAME_MAX = 255;
/** 001 §3: the client's fingerprint is the SHA-256 hex digest of a browser identifier. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/;
/** Turnstile tokens are at most 2048 characters. */
export const CAPTCHA_TOKEN_MAX = 2048;

export const MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${EMAIL_MAX} characters`,
  emailRequired: 'Email is required',
  resendEmailRequired: 'Please enter your email address',
  usernameTooShort: `Username must be at least ${USERNAME_MIN} characters`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,
  usernameCharacters: 'Username can only contain letters, numbers, dots, dashes and underscores',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: `Password must be at least ${NEW_PASSWORD_MIN} characters`,
  firstNameTooLong: `First name must be at most ${NAME_MAX} characters`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX} characters`,
  fingerprintInvalid: 'Invalid device fingerprint',
  captchaTokenInvalid: 'Invalid CAPTCHA token',
  sourceInvalid: "source must be 'signup' or 'video'",
} as const;

/** E-mails are stored trimmed and lower-cased and compared that way (unique index on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Usernames keep their case for display; uniqueness ignores case (index on lower(username)). */
export function normalizeUsername(username: string): string {
  return username.trim();
}

/** Optional names: trimmed, and an empty one is no name. */
export function normalizeName(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export function isValidFingerprint(value: string): boolean {
  return FINGERPRINT_PATTERN.test(value);
}

/** D22: the e-mail is listed in ADMIN_EMAILS (already lower-cased). */
export function isAdminEmail(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(normalizeEmail(email));
}

/**
 * D22, D25: an account is admin when its e-mail is listed in ADMIN_EMAILS *and verified*: anyone
 * can sign up with a listed address, only its owner can verify it.
 */
export function isAdminAccount(account: { email: string; emailVerified: boolean }, adminEmails: readonly string[]): boolean {
  return account.emailVerified && isAdminEmail(account.email, adminEmails);
}

/** D19: stored and compared addresses (shared with every context's client-address rule). */
export { normalizeIp } from '../../../shared/ip';

