import { sql } from '../identity/identity-helpers';
import { startFakeYoutube, type FakeYoutube } from '../support/fake-youtube';
import type { TestApp } from '../support/test-app';
import { addTalk, createToolsApp, signedIn, watchUrl, writeArticle } from './tools-helpers';

/** D33: 10 articles an hour per user, counted before the work (after the link is checked). */
describe('YouTube to Article: the hourly limit', () => {
  let youtube: FakeYoutube;
  let t: TestApp;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    t = await createToolsApp({ ...youtube.env }); // YOUTUBE_ARTICLES_PER_HOUR: the default, 10
  });
  afterAll(async () => {
    await t?.close();
    await youtube?.close();
  });

  it('refuses the 11th article of the hour with 429, counts failures but not bad links, and leaves other users alone', async () => {
    const ann = await signedIn(t);
    const bob = await signedIn(t);

    // Links that are not a video are refused before anything is counted.
    for (let i = 0; i < 3; i += 1) await writeArticle(ann.agent, { youtubeUrl: 'https://vimeo.com/1' }).expect(400);

    // Nine articles and one failure (no captions): ten counted.
    for (let i = 0; i < 9; i += 1) await writeArticle(ann.agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(200);
    const silent = youtube.newId();
    youtube.addVideo(silent, { kind: 'no-captions', title: 'Silent' });
    await writeArticle(ann.agent, { youtubeUrl: watchUrl(silent) }).expect(422);

    const before = youtube.requests.length;
    const refused = await writeArticle(ann.agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(429);
    expect(refused.body).toEqual({
      message: 'You can generate 10 articles an hour. Please try again in 60 minutes.',
      error: 'You can generate 10 articles an hour. Please try again in 60 minutes.',
      code: 'TOOLS.TOO_MANY_ARTICLES',
      details: { retryAfterMinutes: 60 },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(youtube.requests.length).toBe(before); // refused before YouTube was asked

    // Still refused while the hour lasts.
    await writeArticle(ann.agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(429);

    // Another user has an allowance of their own.
    const other = await writeArticle(bob.agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(200);
    expect(other.body.writer).toBe('local');

    // The counter is the shared limiter's, per user, on every instance.
    const rows = await sql<{ identifier: string; attempt_count: number }>(
      t,
      `SELECT identifier, attempt_count FROM rate_limit_attempt WHERE attempt_type = 'youtube_article' ORDER BY attempt_count DESC`,
    );
    expect(rows).toEqual([
      { identifier: ann.id, attempt_count: 11 },
      { identifier: bob.id, attempt_count: 1 },
    ]);
  });
});
