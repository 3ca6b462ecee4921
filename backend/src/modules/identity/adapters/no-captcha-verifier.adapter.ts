import type { CaptchaVerifier } from '../application/captcha-verifier.port';

/**
 * D20: no captcha provider configured. Nothing can be verified; the registration use case refuses
 * a registration that would need a captcha before it would ever ask this adapter.
 */
export class NoCaptchaVerifier implements CaptchaVerifier {
  readonly clientConfig = null;

  async verify(): Promise<boolean> {
    return false;
  }
}
