import {
  AccountSuspendedError,
  CaptchaInvalidError,
  CaptchaRequiredError,
  CaptchaServiceError,
  CaptchaUnavailableError,
  EmailTakenError,
  InvalidCredentialsError,
  InvalidVerificationTokenError,
  PasswordResetLinkInvalidError,
  RegistrationLimitError,
  TooManyAttemptsError,
  UserNotFoundError,
  UsernameTakenError,
  WhitelistEntryExistsError,
  WhitelistEntryNotFoundError,
  WrongPasswordError,
} from './identity-errors';

describe('identity errors keep the codes and texts of the HTTP contract', () => {
  it('D19, D26: a blocked sign-up or sign-in is a 429 that says, in words and in details, when to try again', () => {
    expect(TooManyAttemptsError.registration(60)).toMatchObject({
      kind: 'rate_limited',
      code: 'RATE_LIMIT.BLOCKED',
      message: 'Too many attempts. Please try again in 60 minutes.',
      details: { retryAfterMinutes: 60 },
    });
    expect(TooManyAttemptsError.login(15)).toMatchObject({
      kind: 'rate_limited',
      code: 'RATE_LIMIT.BLOCKED',
      message: 'Too many login attempts. Please try again in 15 minutes.',
      details: { retryAfterMinutes: 15 },
    });
  });

  it('says "1 minute", not "1 minutes", when the block is about to lift', () => {
    expect(TooManyAttemptsError.login(1).message).toBe('Too many login attempts. Please try again in 1 minute.');
    expect(TooManyAttemptsError.registration(2).message).toBe('Too many attempts. Please try again in 2 minutes.');
  });

  it('D36: too many password changes or reset requests are a 429 with the time to wait', () => {
    expect(TooManyAttemptsError.passwordChange(5)).toMatchObject({
      code: 'RATE_LIMIT.BLOCKED',
      message: 'Too many attempts. Please try again in 5 minutes.',
      details: { retryAfterMinutes: 5 },
    });
    expect(TooManyAttemptsError.passwordReset(30)).toMatchObject({
      code: 'RATE_LIMIT.BLOCKED',
      message: 'Too many password reset requests. Please try again in 30 minutes.',
      details: { retryAfterMinutes: 30 },
    });
  });

  it('too many confirmation e-mails is a 429 with no retry hint', () => {
    const error = TooManyAttemptsError.resend();
    expect(error).toMatchObject({ kind: 'rate_limited', code: 'RATE_LIMIT.BLOCKED', message: 'Too many confirmation emails requested. Please try again later.' });
    expect(error.details).toBeUndefined();
  });

  it('D19: the 4th account from one network in a day is a 429 of its own', () => {
    expect(new RegistrationLimitError()).toMatchObject({
      kind: 'rate_limited',
      code: 'IDENTITY.REGISTRATION_LIMIT',
      message: 'Too many accounts have been created from this network. Please try again later.',
    });
  });

  it('a taken e-mail or username is a 409 that says which', () => {
    expect(new EmailTakenError()).toMatchObject({ kind: 'conflict', code: 'IDENTITY.EMAIL_TAKEN', message: 'An account with this email already exists' });
    expect(new UsernameTakenError()).toMatchObject({ kind: 'conflict', code: 'IDENTITY.USERNAME_TAKEN', message: 'This username is already taken' });
  });

  it('D19: a missing or refused captcha is a 400 with requiresCaptcha, so the client shows the captcha', () => {
    expect(new CaptchaRequiredError()).toMatchObject({
      kind: 'invalid',
      code: 'IDENTITY.CAPTCHA_REQUIRED',
      message: 'Please complete the CAPTCHA to continue.',
      details: { requiresCaptcha: true },
    });
    expect(new CaptchaInvalidError()).toMatchObject({
      kind: 'invalid',
      code: 'IDENTITY.CAPTCHA_INVALID',
      message: 'CAPTCHA verification failed. Please try again.',
      details: { requiresCaptcha: true },
    });
  });

  it('D20: a second account on a device with no captcha provider is a 403 that sends the user to sign in', () => {
    expect(new CaptchaUnavailableError()).toMatchObject({
      kind: 'forbidden',
      code: 'IDENTITY.CAPTCHA_UNAVAILABLE',
      message: 'This device already has an account. Please sign in instead, or contact support.',
    });
  });

  it('an unreachable captcha provider is a 503 (nothing decided, try again) that keeps its cause for the log', () => {
    const cause = new Error('ECONNRESET');
    expect(new CaptchaServiceError(cause)).toMatchObject({
      kind: 'unavailable',
      code: 'IDENTITY.CAPTCHA_SERVICE',
      message: 'The CAPTCHA service could not be reached. Please try again.',
      cause,
    });
  });

  it('a wrong e-mail or password is a 401 that does not say which of the two was wrong', () => {
    expect(new InvalidCredentialsError()).toMatchObject({ kind: 'unauthenticated', code: 'IDENTITY.INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('D21: a suspended account is a 403 "Account suspended"', () => {
    expect(new AccountSuspendedError()).toMatchObject({ kind: 'forbidden', code: 'IDENTITY.SUSPENDED', message: 'Account suspended' });
  });

  it('a bad verification link, a wrong current password and an unknown user have their own codes', () => {
    expect(new InvalidVerificationTokenError()).toMatchObject({ kind: 'invalid', code: 'IDENTITY.INVALID_TOKEN', message: 'Invalid or expired verification link' });
    expect(new WrongPasswordError()).toMatchObject({ kind: 'invalid', code: 'IDENTITY.WRONG_PASSWORD', message: 'Current password is incorrect' });
    expect(new UserNotFoundError()).toMatchObject({ kind: 'not_found', code: 'IDENTITY.USER_NOT_FOUND', message: 'User not found' });
  });

  it('D19: a whitelist value added twice is a 409, and removing an unknown entry a 404', () => {
    expect(new WhitelistEntryExistsError()).toMatchObject({
      kind: 'conflict',
      code: 'IDENTITY.WHITELIST_ENTRY_EXISTS',
      message: 'This value is already on the whitelist',
    });
    expect(new WhitelistEntryNotFoundError()).toMatchObject({ kind: 'not_found', code: 'IDENTITY.WHITELIST_ENTRY_NOT_FOUND', message: 'Whitelist entry not found' });
  });

  it('D36: an expired, used or unknown reset link is one 400 that does not say which', () => {
    expect(new PasswordResetLinkInvalidError()).toMatchObject({
      kind: 'invalid',
      code: 'IDENTITY.RESET_LINK_INVALID',
      message: 'This password reset link has expired or has already been used.',
    });
  });
});
