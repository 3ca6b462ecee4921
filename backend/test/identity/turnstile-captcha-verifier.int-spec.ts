import { Logger } from '@nestjs/common';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TurnstileCaptchaVerifier } from '../../src/modules/identity/adapters/turnstile-captcha-verifier.adapter';
import { CaptchaServiceError } from '../../src/modules/identity/domain/identity-errors';
import { freePort } from '../support/free-port';
import { FakeTurnstile, startFakeTurnstile } from '../support/fake-turnstile';

describe('TurnstileCaptchaVerifier against a siteverify server', () => {
  let fake: FakeTurnstile;
  beforeAll(async () => {
    Logger.overrideLogger(false); // the adapter logs the failures provoked below
    fake = await startFakeTurnstile();
  });
  afterAll(() => fake.close());

  const verifier = (secretKey = fake.secret, verifyUrl = fake.verifyUrl) =>
    new TurnstileCaptchaVerifier({ siteKey: fake.siteKey, secretKey, verifyUrl }, 2000);

  it('posts the secret, the token and the client address as a form, and accepts a good token', async () => {
    fake.requests.length = 0;
    expect(await verifier().verify(fake.validToken, '203.0.113.9')).toBe(true);
    expect(fake.requests).toEqual([
      { contentType: 'application/x-www-form-urlencoded', secret: fake.secret, response: fake.validToken, remoteip: '203.0.113.9' },
    ]);
  });

  it('refuses a bad token, and a good token sent with the wrong secret', async () => {
    expect(await verifier().verify('forged-token', '203.0.113.9')).toBe(false);
    expect(await verifier('wrong-secret').verify(fake.validToken, '203.0.113.9')).toBe(false);
  });

  it('leaves out an unknown client address', async () => {
    fake.requests.length = 0;
    await verifier().verify(fake.validToken, 'unknown');
    expect(fake.requests[0].remoteip).toBeNull();
  });

  it('tells the site it is configured, with its site key', () => {
    expect(verifier().clientConfig).toEqual({ provider: 'turnstile', siteKey: fake.siteKey });
  });

  it('says the service could not be asked (not "no") when it is unreachable or failing', async () => {
    const closedPort = await freePort();
    await expect(verifier(fake.secret, `http://127.0.0.1:${closedPort}/siteverify`).verify(fake.validToken, '1.2.3.4')).rejects.toBeInstanceOf(
      CaptchaServiceError,
    );
    const failing = http.createServer((_req, res) => res.writeHead(502).end('bad gateway'));
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/siteverify`;
    try {
      await expect(verifier(fake.secret, url).verify(fake.validToken, '1.2.3.4')).rejects.toBeInstanceOf(CaptchaServiceError);
    } finally {
      await new Promise((r) => failing.close(r));
    }
  });
});
