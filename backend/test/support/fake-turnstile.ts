import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyRequest {
  contentType: string | undefined;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeTurnstile {
  /** The siteverify URL to put in TURNSTILE_VERIFY_URL. */
  verifyUrl: string;
  siteKey: string;
  secret: string;
  /** The one token this server accepts (with the right secret). */
  validToken: string;
  /** Every siteverify call received, oldest first. */
  requests: SiteverifyRequest[];
  /** Env overrides for createTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Cloudflare Turnstile's siteverify endpoint, speaking its wire format: a
 * form (or JSON) POST of `secret`, `response` and optional `remoteip`, answered with
 * `{success, "error-codes": [...]}`. Only `validToken` with `secret` succeeds.
 */
export async function startFakeTurnstile(
  options: { secret?: string; siteKey?: string; validToken?: string } = {},
): Promise<FakeTurnstile> {
  const secret = options.secret ?? 'fake-turnstile-secret';
  const siteKey = options.siteKey ?? 'fake-turnstile-site-key';
  const validToken = options.validToken ?? 'fake-turnstile-valid-token';
  const requests: SiteverifyRequest[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') return answer(404, { success: false, 'error-codes': ['not-found'] });
      const raw = Buffer.concat(chunks).toString('utf8');
      const contentType = req.headers['content-type'];
      let fields: Record<string, string | null>;
      if (contentType?.startsWith('application/json')) {
        const json = JSON.parse(raw || '{}') as Record<string, unknown>;
        fields = Object.fromEntries(['secret', 'response', 'remoteip'].map((k) => [k, typeof json[k] === 'string' ? json[k] : null]));
      } else {
        const form = new URLSearchParams(raw);
        fields = { secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') };
      }
      requests.push({ contentType, secret: fields.secret, response: fields.response, remoteip: fields.remoteip });

      const errors: string[] = [];
      if (!fields.secret) errors.push('missing-input-secret');
      else if (fields.secret !== secret) errors.push('invalid-input-secret');
      if (!fields.response) errors.push('missing-input-response');
      else if (fields.response !== validToken) errors.push('invalid-input-response');
      if (errors.length > 0) return answer(200, { success: false, 'error-codes': errors, messages: [] });
      answer(200, {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: 'localhost',
        'error-codes': [],
        action: '',
        cdata: '',
        metadata: { interactive: false },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const verifyUrl = `http://127.0.0.1:${port}/turnstile/v0/siteverify`;
  return {
    verifyUrl,
    siteKey,
    secret,
    validToken,
    requests,
    env: { TURNSTILE_SITE_KEY: siteKey, TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: verifyUrl },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
