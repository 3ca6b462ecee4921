import { GENERATION_API, type GenerationApi } from '../../src/modules/generation';
import { createTestApp, type TestApp } from '../support/test-app';

/** GENERATION_API: the admin's model controls (D11) through the real app, with the local engine. */
describe('GENERATION_API', () => {
  let t: TestApp;
  let api: GenerationApi;

  beforeAll(async () => {
    t = await createTestApp();
    api = t.app.get(GENERATION_API);
  });
  afterAll(() => t.close());

  it('reports the shared fallback state and the model in use', async () => {
    expect(await api.fallbackStatus()).toMatchObject({ isActive: false, adminOverride: null, failureCount: 0 });
  });

  it('overrides and resets the fallback, and every later status says so', async () => {
    expect(await api.overrideFallback(true)).toMatchObject({ adminOverride: true });
    expect(await api.fallbackStatus()).toMatchObject({ adminOverride: true });
    expect(await api.overrideFallback(false)).toMatchObject({ adminOverride: false });
    // A reset clears the failures and the fallback; the override stays as the admin set it.
    expect(await api.resetFallback()).toMatchObject({ adminOverride: false, failureCount: 0, isActive: false });
    expect(await api.overrideFallback(null)).toMatchObject({ adminOverride: null });
    expect(await api.fallbackStatus()).toMatchObject({ adminOverride: null });
  });

  it('runs one real generation against the active model', async () => {
    const result = await api.testModel();
    expect(result).toEqual({ model: (await api.fallbackStatus()).currentModel, success: true, error: null, latencyMs: expect.any(Number) });
  });
});
