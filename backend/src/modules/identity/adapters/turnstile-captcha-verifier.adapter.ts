import { Logger } from '@nestjs/common';
import type { CaptchaClientConfig, CaptchaVerifier } from '../application/captcha-verifier.port';
import { CaptchaServiceError } from '../domain/identity-errors';

export interface TurnstileSettings {
  siteKey: string;
  secretKey: string;
  /** https://challenges.cloudflare.com/turnstile/v0/siteverify, or a local fake in tests. */
  verifyUrl: string;
}

interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/**
 * Cloudflare Turnstile's server-side check: POST the secret, the widget's token and the client's
 * address as a form to siteverify; the token is good when the answer says `success: true`.
 */
export class TurnstileCaptchaVerifier implements CaptchaVerifier {
  private readonly logger = new Logger('Captcha');

  constructor(
    private readonly settings: TurnstileSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  get clientConfig(): CaptchaClientConfig {
    return { provider: 'turnstile', siteKey: this.settings.siteKey };
  }

  async verify(token: string, remoteIp: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.settings.secretKey, response: token });
    if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
    let answer: SiteverifyAnswer;
    try {
      const res = await fetch(this.settings.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
      answer = (await res.json()) as SiteverifyAnswer;
    } catch (cause) {
      this.logger.error({ err: cause }, 'Turnstile siteverify could not be reached');
      throw new CaptchaServiceError(cause);
    }
    if (answer.success === true) return true;
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
    // A bad secret is our configuration's fault, not the visitor's: say so loudly.
    if (codes.some((c) => c.includes('secret'))) this.logger.error({ codes }, 'Turnstile refused our secret key');
    else this.logger.debug({ codes }, 'Turnstile refused a token');
    return false;
  }
}
