import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigError, envSchema, loadConfig, REPO_ROOT } from './app-config';

describe('loadConfig', () => {
  it('gives every zero-config default when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.database.url).toBeUndefined();
    expect(config.database.embedded.dir).toMatch(/\.data[\\/]postgres$/);
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.session.secure).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('names the malformed variable and its value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: expected a port number \(got "eighty"\)/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('never echoes a database URL, which may hold a password', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as Error).message).toContain('DATABASE_URL: expected a postgres:// or postgresql:// URL');
      expect((e as Error).message).not.toContain('hunter2');
    }
  });

  it('requires a session secret and a database in production, naming both', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('SESSION_SECRET: is required when NODE_ENV=production');
    expect(message).toContain('DATABASE_URL: is required when NODE_ENV=production');
  });

  it('D27/D30: Stripe when a key and webhook secret are set; the local checkout only by name in production', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/x', C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true' };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY: is required when NODE_ENV=production/);
    expect(loadConfig({ ...base, LOCAL_CHECKOUT_IN_PRODUCTION: 'true' }).billing.stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:1' })).toThrow(
      /STRIPE_API_BASE: is for development and tests only/,
    );
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:4242' });
    expect(stripe.billing.stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_x', api: { host: '127.0.0.1', port: 4242, protocol: 'http' } });
    expect(loadConfig({}).billing.localPeriod).toEqual({ months: 1 });
    expect(loadConfig({ LOCAL_BILLING_PERIOD: '10m' }).billing.localPeriod).toEqual({ ms: 600_000 });
    expect(() => loadConfig({ LOCAL_BILLING_PERIOD: '0d' })).toThrow(/LOCAL_BILLING_PERIOD/);
  });

  it('marks the session cookie Secure when the public URL is https', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://magic.example.com', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.session.secure).toBe(true);
  });

  it('gives the D19/D4 limits their decided defaults and reads admins case-insensitively', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.com , ops@example.com,' });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.identity).toMatchObject({
      registrationsPerIpPerDay: 3,
      registrationAttemptsPerIpPerHour: 10,
      registrationBlockMinutes: 60,
      loginFailuresPerWindow: 5,
      loginFailureWindowMinutes: 15,
      loginBlockMinutes: 15,
    });
    expect(config.turnstile).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxDir).toMatch(/\.data[\\/]outbox$/);
  });

  it('needs both Turnstile keys or neither', () => {
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'site' })).toThrow(/TURNSTILE_SECRET_KEY: is required when the other Turnstile key is set/);
    const config = loadConfig({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' });
    expect(config.turnstile).toEqual({
      siteKey: 'site',
      secretKey: 'secret',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
  });

  it('accepts a demo video at an https URL or a same-origin path, nothing else', () => {
    expect(loadConfig({}).site.demoVideoUrl).toBeNull();
    expect(loadConfig({ DEMO_VIDEO_URL: 'https://cdn.example.com/demo.mp4' }).site.demoVideoUrl).toBe('https://cdn.example.com/demo.mp4');
    expect(loadConfig({ DEMO_VIDEO_URL: '/assets/demo.mp4' }).site.demoVideoUrl).toBe('/assets/demo.mp4');
    for (const bad of ['http://cdn.example.com/demo.mp4', '//evil.example.com/x.mp4', 'javascript:alert(1)', 'demo.mp4']) {
      expect(() => loadConfig({ DEMO_VIDEO_URL: bad })).toThrow(/DEMO_VIDEO_URL/);
    }
    expect(loadConfig({}).community.cacheTtlMs).toBe(5000);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('documents every variable of every slice in .env.example, and nothing else', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const documented = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('composes each context slice with the decisions as defaults', () => {
    const config = loadConfig({});
    expect(config.identity.loginFailuresPerWindow).toBe(5); // D19
    expect(config.credits.reservationStaleMinutes).toBe(10); // D4
    expect(config.generation.upload).toEqual({ maxBytes: 10 * 1024 * 1024, maxMegapixels: 40 }); // D12
    expect(config.generation.maxInFlight.perUser).toBe(2);
    expect(config.community.cacheTtlMs).toBe(5000);
    expect(config.mail.outboxDir).toBe(path.join(REPO_ROOT, '.data', 'outbox'));
  });
});

