import { loadConfig } from '../../../config/app-config';
import { ContentFilterRateLimiter } from './content-filter-rate-limiter';

describe('ContentFilterRateLimiter (issue 9)', () => {
  function limiter(perMinute: number) {
    const l = new ContentFilterRateLimiter(loadConfig({ NODE_ENV: 'test', CONTENT_FILTER_PER_MINUTE: String(perMinute) }));
    let t = 1_000_000;
    l.now = () => t;
    return { l, advance: (ms: number) => (t += ms) };
  }

  it('allows the per-minute allowance in a burst, then refuses with 429 and a retry hint', () => {
    const { l } = limiter(60);
    for (let i = 0; i < 60; i += 1) l.take('1.2.3.4');
    let error: unknown;
    try {
      l.take('1.2.3.4');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: 'rate_limited', code: 'GENERATION.CONTENT_FILTER_RATE_LIMITED', details: { retryAfterSeconds: 1 } });
    l.onModuleDestroy();
  });

  it('counts each client apart and refills evenly', () => {
    const { l, advance } = limiter(6);
    for (let i = 0; i < 6; i += 1) l.take('a');
    expect(() => l.take('a')).toThrow();
    l.take('b');
    advance(9_999);
    expect(() => l.take('a')).toThrow();
    advance(1);
    l.take('a'); // one call every 10 s
    expect(() => l.take('a')).toThrow();
    l.onModuleDestroy();
  });
});
