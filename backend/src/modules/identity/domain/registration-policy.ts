/**
 * D19, D20: one account per device. A registration from a device that already has an account is
 * created only after a captcha (and flagged); with no captcha provider it is refused outright.
 */
export type DeviceDecision =
  /** No fingerprint, a new device, or an exempt (whitelisted) one. */
  | { kind: 'allow' }
  /** A known device with a token: the token must be checked with the provider first. */
  | { kind: 'verify-captcha'; token: string }
  /** A known device and no token: the client must show the captcha. */
  | { kind: 'captcha-required' }
  /** D20: a captcha would be needed but no provider is configured. */
  | { kind: 'captcha-unavailable' };

export interface DeviceFacts {
  fingerprintKnown: boolean;
  exempt: boolean;
  captchaAvailable: boolean;
  captchaToken?: string | null;
}

export function decideDevice(facts: DeviceFacts): DeviceDecision {
  if (!facts.fingerprintKnown || facts.exempt) return { kind: 'allow' };
  if (!facts.captchaAvailable) return { kind: 'captcha-unavailable' };
  const token = facts.captchaToken?.trim();
  if (!token) return { kind: 'captcha-required' };
  return { kind: 'verify-captcha', token };
}

/** D19: more than N accounts from one address in 24 hours. */
export function ipLimitReached(accountsInLastDay: number, perDay: number): boolean {
  return accountsInLastDay >= perDay;
}

/** D1: e-mail verification grants this many watermarked credits, once per account. */
export const VERIFICATION_CREDITS = 2;

/** D5: the ledger key that makes the verification grant happen once per account. */
export function verificationGrantKey(userId: string): string {
  return `verification:${userId}`;
}
