import {
  allowPerWindow,
  ANY_ADDRESS,
  rateLimitPolicy,
  type RateLimitPolicy,
  type RateLimitSubject,
} from '../../../shared/rate-limit/rate-limit-policy';

/** The identity limits of the configuration (D19, D26). */
export interface IdentityLimits {
  resendConfirmationPerHour: number;
  registrationAttemptsPerIpPerHour: number;
  registrationBlockMinutes: number;
  loginFailuresPerWindow: number;
  loginFailureWindowMinutes: number;
  loginBlockMinutes: number;
  passwordResetsPerAddressPerHour: number;
  passwordResetsPerIpPerHour: number;
}

/** Identity's counters on the shared rate limiter, built once from the configuration. */
export interface IdentityPolicies {
  registration: RateLimitPolicy;
  login: RateLimitPolicy;
  passwordChange: RateLimitPolicy;
  resendConfirmation: RateLimitPolicy;
  passwordResetPerAddress: RateLimitPolicy;
  passwordResetPerIp: RateLimitPolicy;
}

export function identityPolicies(limits: IdentityLimits): IdentityPolicies {
  // D26: a sign-in is counted before its password is checked, so at most N passwords are checked
  // per (address, e-mail) in the window; the attempt after them starts the block.
  const login = allowPerWindow(limits.loginFailuresPerWindow, limits.loginFailureWindowMinutes, limits.loginBlockMinutes);
  return {
    // D19: past N registration attempts per address in an hour, the next ones are refused.
    registration: allowPerWindow(limits.registrationAttemptsPerIpPerHour, 60, limits.registrationBlockMinutes),
    login,
    // Wrong current passwords count like failed sign-ins (a stolen session cannot guess its way).
    passwordChange: rateLimitPolicy(login),
    // At most N confirmation mails per e-mail per hour; the next request waits out the hour.
    resendConfirmation: allowPerWindow(limits.resendConfirmationPerHour, 60),
    // D36: reset mails per e-mail per hour (whoever asks), and per client address per hour.
    passwordResetPerAddress: allowPerWindow(limits.passwordResetsPerAddressPerHour, 60),
    passwordResetPerIp: allowPerWindow(limits.passwordResetsPerIpPerHour, 60),
  };
}

export const attemptSubjects = {
  registration: (ip: string): RateLimitSubject => ({ ip, type: 'registration', identifier: '' }),
  login: (ip: string, normalizedEmail: string): RateLimitSubject => ({ ip, type: 'login', identifier: normalizedEmail }),
  passwordChange: (ip: string, userId: string): RateLimitSubject => ({ ip, type: 'password_change', identifier: userId }),
  /** Every address shares one counter per e-mail, whoever asks: an inbox cannot be flooded. */
  resendConfirmation: (normalizedEmail: string): RateLimitSubject => ({ ip: ANY_ADDRESS, type: 'resend', identifier: normalizedEmail }),
  /** D36: counted for every well-formed address, with an account or not (no account enumeration). */
  passwordResetForAddress: (normalizedEmail: string): RateLimitSubject => ({ ip: ANY_ADDRESS, type: 'password_reset', identifier: normalizedEmail }),
  passwordResetFromIp: (ip: string): RateLimitSubject => ({ ip, type: 'password_reset_ip', identifier: '' }),
};
