import { identityPolicies, type IdentityLimits } from './attempt-policies';

const D19: IdentityLimits = {
  resendConfirmationPerHour: 3,
  registrationAttemptsPerIpPerHour: 10,
  registrationBlockMinutes: 60,
  loginFailuresPerWindow: 5,
  loginFailureWindowMinutes: 15,
  loginBlockMinutes: 15,
  passwordResetsPerAddressPerHour: 3,
  passwordResetsPerIpPerHour: 10,
};

describe('identity attempt policies (D19, D26)', () => {
  it('block registrations on the attempt after the 10th in an hour, for an hour', () => {
    expect(identityPolicies(D19).registration).toEqual({ blockAt: 11, windowMinutes: 60, blockMinutes: 60 });
  });

  it('check at most 5 passwords per 15 minutes: the 6th attempt is refused and blocks for 15 minutes', () => {
    expect(identityPolicies(D19).login).toEqual({ blockAt: 6, windowMinutes: 15, blockMinutes: 15 });
    expect(identityPolicies(D19).passwordChange).toEqual({ blockAt: 6, windowMinutes: 15, blockMinutes: 15 });
  });

  it('send at most 3 confirmation mails per address per hour', () => {
    expect(identityPolicies(D19).resendConfirmation).toEqual({ blockAt: 4, windowMinutes: 60, blockMinutes: 60 });
  });

  it('D36: send at most 3 reset mails per e-mail and answer at most 10 reset requests per client address an hour', () => {
    expect(identityPolicies(D19).passwordResetPerAddress).toEqual({ blockAt: 4, windowMinutes: 60, blockMinutes: 60 });
    expect(identityPolicies(D19).passwordResetPerIp).toEqual({ blockAt: 11, windowMinutes: 60, blockMinutes: 60 });
  });

  it('read every number from the configuration, and refuse a window longer than a day at start', () => {
    const raised = { ...D19, registrationAttemptsPerIpPerHour: 50, loginFailuresPerWindow: 8, loginBlockMinutes: 30, resendConfirmationPerHour: 1 };
    const p = identityPolicies(raised);
    expect(p.registration.blockAt).toBe(51);
    expect(p.login).toMatchObject({ blockAt: 9, blockMinutes: 30 });
    expect(p.resendConfirmation.blockAt).toBe(2);
    expect(() => identityPolicies({ ...D19, loginFailureWindowMinutes: 2 * 24 * 60 })).toThrow(RangeError);
  });
});
