import request from 'supertest';
import { signUpBody } from '../identity/identity-helpers';
import type { FakeTrack, FakeYoutube } from '../support/fake-youtube';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app';

export type Agent = ReturnType<typeof request.agent>;

/**
 * The whole app for the tools tests, pointed at the fake YouTube (and, when given, the fake
 * OpenAI): many sign-ups from one address are fine here; the rate-limit retry waits 1 ms.
 */
export function createToolsApp(env: Record<string, string>, options: Omit<TestAppOptions, 'env'> = {}): Promise<TestApp> {
  return createTestApp({
    ...options,
    env: {
      REGISTRATIONS_PER_IP_PER_DAY: '100000',
      REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '100000',
      OPENAI_RETRY_BASE_MS: '1',
      ...env,
    },
  });
}

/** A user signed up through the API, so signed in on the returned agent. */
export async function signedIn(t: TestApp): Promise<{ id: string; agent: Agent }> {
  const agent = request.agent(t.http);
  const res = await agent.post('/api/register').send(signUpBody()).expect(201);
  return { id: res.body.id as string, agent };
}

export function writeArticle(agent: Agent, body: Record<string, unknown>): request.Test {
  return agent.post('/api/youtube-to-article').send(body);
}

export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** Caption lines of a short talk, with what YouTube escapes: apostrophes, ampersands, quotes. */
export const TALK_LINES = [
  '[Music]',
  "Hi, I'm Dana and today we're talking about R&D budgets.",
  'Um, the the first thing is that "research" and development are different.',
  'Research finds new ideas; development turns them into products.',
  'Companies that spend on R&D for years grow faster than those that stop.',
  "That's the main point, you know, of this whole talk.",
  '[Applause]',
];

/** A video with one English track of `lines` (default TALK_LINES). */
export function addTalk(youtube: FakeYoutube, title = 'R&D Budgets Explained', lines = TALK_LINES): string {
  const id = youtube.newId();
  youtube.addVideo(id, { kind: 'captions', title, tracks: [{ languageCode: 'en', name: 'English', lines }] });
  return id;
}

/** A video whose own language is Spanish (automatic captions) with an English translation listed first. */
export function addSpanishVideo(youtube: FakeYoutube): string {
  const id = youtube.newId();
  const tracks: FakeTrack[] = [
    { languageCode: 'en', name: 'English', lines: ['This is the English translation, which must not be used.'] },
    { languageCode: 'es', name: 'Spanish (auto-generated)', kind: 'asr', lines: ['hola a todos', 'hoy vamos a cocinar una paella', 'primero cortamos las verduras y el pollo'] },
  ];
  youtube.addVideo(id, { kind: 'captions', title: 'Paella fácil', tracks, defaultTrack: 0 });
  return id;
}
