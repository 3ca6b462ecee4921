import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app';

describe('GET /api/site-config', () => {
  let plain: TestApp;
  let withVideo: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withVideo = await createTestApp({
      db: plain.db,
      env: { DEMO_VIDEO_URL: 'https://media.example.com/demo.mp4', SUPPORT_EMAIL: 'help@magic.example' },
    });
  });
  afterAll(async () => {
    await withVideo?.close();
    await plain?.close();
  });

  it('says there is no demo video when none is configured, and media stays same-origin', async () => {
    const res = await request(plain.http).get('/api/site-config').expect(200);
    expect(res.body).toEqual({ demoVideoUrl: null, supportEmail: 'support@magic-editor.local' });
    const page = await request(plain.http).get('/api/health');
    expect(page.headers['content-security-policy']).toContain("media-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('media.example.com');
  });

  it('gives the configured URL and support address, and lets the page play media from its origin only', async () => {
    const res = await request(withVideo.http).get('/api/site-config').expect(200);
    expect(res.body).toEqual({ demoVideoUrl: 'https://media.example.com/demo.mp4', supportEmail: 'help@magic.example' });
    const page = await request(withVideo.http).get('/api/health');
    expect(page.headers['content-security-policy']).toContain("media-src 'self' https://media.example.com");
  });
});
