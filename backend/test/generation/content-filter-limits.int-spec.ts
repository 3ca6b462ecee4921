import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createGenerationApp } from './generation-helpers';

/**
 * Issue 9: POST /api/content-filter is rate-limited per client IP (CONTENT_FILTER_PER_MINUTE), by
 * the shared PostgreSQL rate limiter, so on all instances together.
 */
describe('content filter rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGenerationApp({ env: { CONTENT_FILTER_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message once a client has used its allowance', async () => {
    for (let i = 0; i < 5; i += 1) {
      await request(t.http).post('/api/content-filter').send({ prompt: `add ${i} balloons` }).expect(200);
    }
    const limited = await request(t.http).post('/api/content-filter').send({ prompt: 'add snow falling' }).expect(429);
    expect(limited.body).toMatchObject({
      code: 'GENERATION.CONTENT_FILTER_RATE_LIMITED',
      message: 'Too many prompt checks. Please wait a moment and try again.',
    });
    // Over-long prompts count too (no free flooding with invalid bodies).
    await request(t.http).post('/api/content-filter').send({ prompt: 'a'.repeat(5000) }).expect(429);
  });
});

describe('content filter rate limit across instances', () => {
  const env = { CONTENT_FILTER_PER_MINUTE: '5' };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createGenerationApp({ env });
    // A second instance on the same database (it leaves the database to `first`).
    second = await createGenerationApp({ db: first.db, env });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts one client\'s calls on every instance sharing the database', async () => {
    for (let i = 0; i < 3; i += 1) {
      await request(first.http).post('/api/content-filter').send({ prompt: `add ${i} balloons` }).expect(200);
    }
    for (let i = 0; i < 2; i += 1) {
      await request(second.http).post('/api/content-filter').send({ prompt: `add ${i} kites` }).expect(200);
    }
    for (const t of [first, second]) {
      const limited = await request(t.http).post('/api/content-filter').send({ prompt: 'add snow falling' }).expect(429);
      expect(limited.body).toMatchObject({
        code: 'GENERATION.CONTENT_FILTER_RATE_LIMITED',
        message: 'Too many prompt checks. Please wait a moment and try again.',
      });
    }
  });
});
