import { decideDevice, ipLimitReached, VERIFICATION_CREDITS, verificationGrantKey } from './registration-policy';

describe('registration policy', () => {
  const known = { fingerprintKnown: true, exempt: false, captchaAvailable: true };

  it('D19: let a new device, or no fingerprint at all, through without a captcha', () => {
    expect(decideDevice({ ...known, fingerprintKnown: false })).toEqual({ kind: 'allow' });
  });

  it('D19: ask a known device for a captcha, and check the token when there is one', () => {
    expect(decideDevice(known)).toEqual({ kind: 'captcha-required' });
    expect(decideDevice({ ...known, captchaToken: '   ' })).toEqual({ kind: 'captcha-required' });
    expect(decideDevice({ ...known, captchaToken: 'tok' })).toEqual({ kind: 'verify-captcha', token: 'tok' });
  });

  it('D20: refuse a known device when no captcha provider is configured, token or not', () => {
    expect(decideDevice({ ...known, captchaAvailable: false })).toEqual({ kind: 'captcha-unavailable' });
    expect(decideDevice({ ...known, captchaAvailable: false, captchaToken: 'tok' })).toEqual({ kind: 'captcha-unavailable' });
  });

  it('D19: let a whitelisted device through without a captcha', () => {
    expect(decideDevice({ ...known, exempt: true, captchaAvailable: false })).toEqual({ kind: 'allow' });
  });

  it('D19: refuse the 4th account from one address in a day (limit 3)', () => {
    expect(ipLimitReached(2, 3)).toBe(false);
    expect(ipLimitReached(3, 3)).toBe(true);
  });

  it('D1, D5: grant 2 credits under one key per account', () => {
    expect(VERIFICATION_CREDITS).toBe(2);
    expect(verificationGrantKey('u1')).toBe('verification:u1');
  });
});
