import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

/** GET /api/user/credits without a session (the signed-in case needs identity's sign-in). */
describe('GET /api/user/credits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 with the error body when signed out', async () => {
    const res = await request(t.http).get('/api/user/credits').expect(401);
    expect(res.body).toMatchObject({ message: 'Authentication required', code: 'AUTH.REQUIRED' });
  });
});
