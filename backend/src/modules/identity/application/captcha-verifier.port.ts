/**
 * CaptchaVerifier (ARCHITECTURE rule 3): Cloudflare Turnstile when configured, else no provider
 * (D20: a registration that would need a captcha is then refused with a clear message).
 */
export interface CaptchaClientConfig {
  provider: 'turnstile';
  siteKey: string;
}

export interface CaptchaVerifier {
  /** What the client needs to show the widget; null when no provider is configured (D20). */
  readonly clientConfig: CaptchaClientConfig | null;
  /**
   * true when the provider accepts the token for this client. Throws CaptchaServiceError when the
   * provider cannot be asked (network, outage): that is no answer, not a "no".
   */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export const CAPTCHA_VERIFIER = Symbol('CAPTCHA_VERIFIER');
