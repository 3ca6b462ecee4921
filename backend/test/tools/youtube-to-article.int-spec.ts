import * as net from 'node:net';
import request from 'supertest';
import { sql } from '../identity/identity-helpers';
import { freePort } from '../support/free-port';
import { startFakeOpenai, masked, type FakeOpenai } from '../support/fake-openai';
import { startFakeYoutube, type FakeVideo, type FakeYoutube } from '../support/fake-youtube';
import type { TestApp } from '../support/test-app';
import { addSpanishVideo, addTalk, createToolsApp, signedIn, watchUrl, writeArticle, type Agent } from './tools-helpers';

/**
 * POST /api/youtube-to-article (issue 13, D33) end to end: the real YouTube adapter
 * (youtube-transcript-plus) against the fake YouTube server, the real OpenAI adapter (the official
 * SDK) against the fake OpenAI server, real PostgreSQL.
 */
describe('POST /api/youtube-to-article', () => {
  let youtube: FakeYoutube;
  let openai: FakeOpenai;
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    openai = await startFakeOpenai();
    // The hourly limit has its own test file; here every case may run.
    t = await createToolsApp({ ...youtube.env, ...openai.env, YOUTUBE_ARTICLES_PER_HOUR: '1000' });
    ({ agent } = await signedIn(t));
  });
  afterAll(async () => {
    await t?.close();
    await youtube?.close();
    await openai?.close();
  });

  const LOCAL_NOTE = /^Note: this article was written from the video's captions without an AI model\. Add your OpenAI API key for a polished article\.$/;

  describe('who may call it and what it accepts', () => {
    it('answers 401 AUTH.REQUIRED when signed out', async () => {
      const res = await request(t.http).post('/api/youtube-to-article').send({ youtubeUrl: watchUrl(addTalk(youtube)) }).expect(401);
      expect(res.body.code).toBe('AUTH.REQUIRED');
    });

    it.each([
      ['an empty URL', { youtubeUrl: '' }],
      ['a URL of spaces', { youtubeUrl: '   ' }],
      ['no URL', {}],
      ['a URL that is not text', { youtubeUrl: 42 }],
    ])('answers 400 "Please enter a YouTube URL" for %s', async (_what, body) => {
      const res = await writeArticle(agent, body).expect(400);
      expect(res.body.message).toBe('Please enter a YouTube URL');
    });

    it.each([
      'https://vimeo.com/123456789',
      'https://www.youtube.com/@somechannel',
      'https://www.youtube.com/playlist?list=PL0123456789',
      'https://www.youtube.com/watch?v=tooShort',
      'https://youtu.be/dQw4w9WgXcQextra',
      'not a link at all',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    ])('answers 400 TOOLS.INVALID_YOUTUBE_URL for %s, without asking YouTube', async (url) => {
      const before = youtube.requests.length;
      const res = await writeArticle(agent, { youtubeUrl: url }).expect(400);
      expect(res.body).toEqual({
        message: 'Please enter a valid YouTube video link (youtube.com/watch, youtu.be, shorts or embed).',
        error: 'Please enter a valid YouTube video link (youtube.com/watch, youtu.be, shorts or embed).',
        code: 'TOOLS.INVALID_YOUTUBE_URL',
      });
      expect(youtube.requests.length).toBe(before);
    });

    it('accepts every form of link to a video', async () => {
      const id = addTalk(youtube);
      const forms = [
        `https://www.youtube.com/watch?v=${id}`,
        `https://www.youtube.com/watch?feature=share&v=${id}&t=42s`,
        `youtube.com/watch?list=PL1&v=${id}`,
        `www.youtube.com/watch?v=${id}`,
        `http://m.youtube.com/watch?v=${id}`,
        `https://music.youtube.com/watch?v=${id}&si=abc`,
        `https://youtu.be/${id}`,
        `youtu.be/${id}?si=Xy_12-ab&t=3`,
        `https://www.youtube.com/shorts/${id}`,
        `https://youtube.com/shorts/${id}?feature=share`,
        `https://www.youtube.com/embed/${id}?start=5`,
        `https://www.youtube-nocookie.com/embed/${id}`,
        `https://www.youtube.com/live/${id}?si=abc`,
        `https://www.youtube.com/v/${id}`,
      ];
      for (const url of forms) {
        const res = await writeArticle(agent, { youtubeUrl: url });
        expect({ url, status: res.status, title: res.body.title }).toEqual({ url, status: 200, title: 'R&D Budgets Explained' });
      }
      // Each one asked YouTube about that one video.
      expect(youtube.requests.filter((r) => r.path === '/watch').every((r) => r.query.v)).toBe(true);
    });

    it('refuses a custom title over 200 characters and unknown fields', async () => {
      const id = addTalk(youtube);
      expect((await writeArticle(agent, { youtubeUrl: watchUrl(id), customTitle: 'x'.repeat(201) }).expect(400)).body.message).toBe(
        'The custom title must be at most 200 characters',
      );
      expect((await writeArticle(agent, { youtubeUrl: watchUrl(id), extra: 1 }).expect(400)).body.message).toMatch(/extra should not exist/);
    });
  });

  describe('without an OpenAI key: the local writer', () => {
    it('writes a readable article: the title, an introduction, headings, clean sentences and the note', async () => {
      const id = addTalk(youtube);
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(id), customTitle: '', openaiKey: '' }).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.writer).toBe('local');
      expect(res.body.title).toBe('R&D Budgets Explained');
      const blocks = (res.body.article as string).split('\n\n');
      expect(blocks[0]).toBe('R&D Budgets Explained');
      expect(blocks[1]).toMatch(/^This article is based on the YouTube video “R&D Budgets Explained”\./);
      expect(blocks[2]).not.toMatch(/[.!?]$/); // a heading
      expect(blocks[blocks.length - 1]).toMatch(LOCAL_NOTE);
      const article = res.body.article as string;
      // YouTube's double escaping undone, sound cues and fillers gone.
      expect(article).toContain("Hi, I'm Dana and today we're talking about R&D budgets.");
      expect(article).toContain('The first thing is that "research" and development are different.');
      expect(article).toContain("That's the main point of this whole talk.");
      expect(article).not.toMatch(/&amp;|&#39;|&quot;|\[Music\]|\[Applause\]|\bUm\b|the the/);
      // No OpenAI call was made.
      expect(openai.requests.filter((r) => r.messages.some((m) => m.content.includes('Dana')))).toHaveLength(0);
    });

    it("uses the user's title when given", async () => {
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), customTitle: '  Money for research  ' }).expect(200);
      expect(res.body.title).toBe('Money for research');
      expect((res.body.article as string).split('\n')[0]).toBe('Money for research');
    });

    it("writes in the video's own language: the spoken-language track, never a translation, no language forced", async () => {
      const id = addSpanishVideo(youtube);
      const res = await writeArticle(agent, { youtubeUrl: `https://youtu.be/${id}` }).expect(200);
      expect(res.body.title).toBe('Paella fácil');
      expect(res.body.article).toMatch(/hoy vamos a cocinar una paella/i);
      expect(res.body.article).not.toContain('English translation');
      const captions = youtube.requestsFor(id).filter((r) => r.path === '/api/timedtext');
      expect(captions.map((r) => r.query.lang)).toEqual(['es']);
      expect(captions[0].query.fmt).toBeUndefined(); // the library asks for the XML format
      // No language asked for (fetch's own default is "*").
      expect(new Set(youtube.requestsFor(id).map((r) => r.headers['accept-language'] ?? '*'))).toEqual(new Set(['*']));
    });

    it('decodes numeric and named entities however YouTube escaped them', async () => {
      const id = youtube.newId();
      youtube.addVideo(id, {
        kind: 'captions',
        title: 'Caf&eacute; talk',
        tracks: [{ languageCode: 'fr', raw: ['Caf&amp;#233; cr&amp;#xE8;me &amp;amp; pain.', 'Il dit &amp;quot;bonjour&amp;quot; &amp;#8212; c&amp;#39;est tout.'] }],
      });
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(id) }).expect(200);
      expect(res.body.article).toContain('Café crème & pain.');
      expect(res.body.article).toContain('Il dit "bonjour" — c\'est tout.');
    });
  });

  describe("with the user's OpenAI key", () => {
    it('writes the article with OpenAI: the key sent as a Bearer token to the model, plain text back', async () => {
      const key = openai.newKey('user');
      const id = addTalk(youtube);
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(id), openaiKey: key }).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.writer).toBe('openai');
      expect(res.body.title).toBe('All About R&D Budgets Explained');
      const article = res.body.article as string;
      expect(article.split('\n\n')).toEqual([
        'All About R&D Budgets Explained',
        expect.stringMatching(/^This is the introduction, written from \d+ characters of material\.$/),
        'What the video says',
        expect.stringContaining("It begins: The captions: Hi, I'm Dana and today we're talking about R&D budgets."),
        'Conclusion',
        'That is the whole story.',
      ]);
      expect(article).not.toMatch(/[#*]/);
      const calls = openai.callsWith(key);
      expect(calls).toHaveLength(1); // a short transcript: one call
      expect(calls[0].model).toBe('gpt-4o-mini');
      expect(calls[0].headers['openai-organization']).toBeUndefined();
      // The captions were cleaned before they went to OpenAI.
      const sent = calls[0].messages.map((m) => m.content).join('\n');
      expect(sent).toContain("I'm Dana");
      expect(sent).not.toMatch(/&amp;|&#39;|\[Music\]/);
      expect(sent).toContain('language code "en"');
      expect(JSON.stringify(res.body)).not.toContain(key);
    });

    it("puts the user's title on the article", async () => {
      const key = openai.newKey('title');
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: key, customTitle: 'My Research Piece' }).expect(200);
      expect(res.body.title).toBe('My Research Piece');
      expect((res.body.article as string).split('\n')[0]).toBe('My Research Piece');
      expect(openai.callsWith(key)[0].messages[1].content).toMatch(/^Use exactly this title: My Research Piece/);
    });

    it('summarises a long transcript chunk by chunk, then writes the article from the notes', async () => {
      const key = openai.newKey('long');
      const lines = Array.from({ length: 700 }, (_, i) => `Sentence number ${i} of a very long lecture about the history of bread.`);
      const total = lines.join(' ').length; // about 50,000 characters
      const id = addTalk(youtube, 'A Long Lecture', lines);
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(id), openaiKey: key }).expect(200);
      expect(res.body.writer).toBe('openai');
      const calls = openai.callsWith(key);
      const notes = calls.filter((c) => c.kind === 'notes');
      const expectedChunks = Math.ceil(total / 12_000);
      expect(notes.length).toBeGreaterThanOrEqual(expectedChunks);
      expect(notes.length).toBeLessThanOrEqual(expectedChunks + 1);
      expect(calls.filter((c) => c.kind === 'article')).toHaveLength(1);
      expect(calls[calls.length - 1].kind).toBe('article');
      // Every chunk within the limit, and together the whole transcript in order.
      const chunks = notes
        .map((c) => c.messages[1].content)
        .sort((a, b) => Number(/Part (\d+)/.exec(a)![1]) - Number(/Part (\d+)/.exec(b)![1]))
        .map((m) => m.slice(m.indexOf('\n\n') + 2));
      for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(12_000);
      expect(chunks.join(' ')).toBe(lines.join(' '));
      // The article is written from the notes of every part.
      const final = calls[calls.length - 1].messages[1].content;
      for (let i = 1; i <= notes.length; i += 1) expect(final).toContain(`Notes on part ${i} of ${notes.length}`);
      expect(final).not.toContain('Sentence number 350 ');
    });

    it('retries a rate limit with backoff, then succeeds', async () => {
      const key = openai.newKey('ratelimited');
      openai.script(key, 'rate-limit', 'rate-limit');
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: key }).expect(200);
      expect(res.body.writer).toBe('openai');
      expect(openai.callsWith(key).map((c) => c.status)).toEqual([429, 429, 200]);
    });

    it('gives up on a rate limit after the retries: 503 TOOLS.OPENAI_UNAVAILABLE', async () => {
      const key = openai.newKey('alwayslimited');
      openai.script(key, 'rate-limit', 'rate-limit', 'rate-limit', 'rate-limit', 'rate-limit');
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: key }).expect(503);
      expect(res.body).toEqual({
        message: 'OpenAI is not answering right now. Please try again in a few minutes.',
        error: 'OpenAI is not answering right now. Please try again in a few minutes.',
        code: 'TOOLS.OPENAI_UNAVAILABLE',
      });
      expect(openai.callsWith(key)).toHaveLength(4); // the first try and OPENAI_RATE_LIMIT_RETRIES (3)
    });

    it.each([
      ['a revoked key', 'invalid-key', 400, 'TOOLS.OPENAI_KEY_REFUSED', 'Your OpenAI key was refused. Check the key and try again.'],
      ['an account with no credit', 'no-credit', 402, 'TOOLS.OPENAI_NO_CREDIT', 'Your OpenAI account has no credit left.'],
      ['a server error', 'server-error', 503, 'TOOLS.OPENAI_UNAVAILABLE', 'OpenAI is not answering right now. Please try again in a few minutes.'],
      ['an overloaded OpenAI', 'overloaded', 503, 'TOOLS.OPENAI_UNAVAILABLE', 'OpenAI is not answering right now. Please try again in a few minutes.'],
    ] as const)('answers %s with %i %s, asking once (never retried)', async (_what, behaviour, status, code, message) => {
      const key = openai.newKey(behaviour);
      openai.script(key, behaviour, behaviour, behaviour);
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: key }).expect(status);
      expect(res.body).toEqual({ message, error: message, code });
      expect(openai.callsWith(key)).toHaveLength(1);
      expect(res.text).not.toContain(key);
      expect(res.text).not.toContain(masked(key));
    });

    it('refuses a key OpenAI does not know, without echoing it', async () => {
      const key = `sk-proj-unknown-${'a1b2c3'.repeat(8)}`;
      const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: key }).expect(400);
      expect(res.body.code).toBe('TOOLS.OPENAI_KEY_REFUSED');
      expect(res.text).not.toContain(key);
      expect(res.text).not.toContain(masked(key));
      expect(openai.callsWith(key)).toHaveLength(1);
    });

    it('refuses a key that cannot be a key (spaces, too long) without sending it anywhere', async () => {
      const before = openai.requests.length;
      for (const openaiKey of ['sk-proj with spaces', `sk-${'x'.repeat(600)}`, 'sk-proj-ünïcode']) {
        const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey }).expect(400);
        expect(res.body.message).toBe('Your OpenAI key was refused. Check the key and try again.');
        expect(res.text).not.toContain(openaiKey);
      }
      expect(openai.requests.length).toBe(before);
    });
  });

  describe('when YouTube cannot give the captions', () => {
    const cases: Array<[string, FakeVideo | null, number, string, string]> = [
      ['a video without captions', { kind: 'no-captions', title: 'Silent film' }, 422, 'TOOLS.NO_CAPTIONS', 'This video has no captions to turn into an article.'],
      ['captions turned off', { kind: 'captions-off', title: 'Off' }, 422, 'TOOLS.NO_CAPTIONS', 'This video has no captions to turn into an article.'],
      [
        'captions with nothing but sound cues',
        { kind: 'captions', title: 'Music only', tracks: [{ languageCode: 'en', lines: ['[Music]', '♪ la la la ♪', '[Applause]'] }] },
        422,
        'TOOLS.NO_CAPTIONS',
        'This video has no captions to turn into an article.',
      ],
      ['an empty caption track', { kind: 'captions', title: 'Empty', tracks: [{ languageCode: 'en', lines: [] }] }, 422, 'TOOLS.NO_CAPTIONS', 'This video has no captions to turn into an article.'],
      ['a private video', { kind: 'private' }, 404, 'TOOLS.VIDEO_UNAVAILABLE', 'This video is private or unavailable.'],
      ['a removed video', { kind: 'removed' }, 404, 'TOOLS.VIDEO_UNAVAILABLE', 'This video is private or unavailable.'],
      ['an unplayable video', { kind: 'unplayable' }, 404, 'TOOLS.VIDEO_UNAVAILABLE', 'This video is private or unavailable.'],
      ['a video that does not exist', null, 404, 'TOOLS.VIDEO_UNAVAILABLE', 'This video is private or unavailable.'],
      ...(['watch-429', 'watch-403', 'recaptcha', 'bot-check', 'player-429', 'player-403', 'player-503', 'captions-429', 'consent-page'] as const).map(
        (how): [string, FakeVideo, number, string, string] => [
          `YouTube refusing (${how})`,
          { kind: 'refuse', how },
          503,
          'TOOLS.YOUTUBE_REFUSED',
          "YouTube refused to share this video's captions right now. Please try again in a few minutes.",
        ],
      ),
    ];

    it.each(cases)('answers %s with %i %s', async (_what, video, status, code, message) => {
      const id = youtube.newId();
      if (video) youtube.addVideo(id, video);
      const key = openai.newKey('unused');
      const res = await writeArticle(agent, { youtubeUrl: `https://youtu.be/${id}`, openaiKey: key }).expect(status);
      expect(res.body).toEqual({ message, error: message, code });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(openai.callsWith(key)).toHaveLength(0); // never an article from nothing
    });
  });
});

describe('POST /api/youtube-to-article with the server key (OPENAI_API_KEY)', () => {
  let youtube: FakeYoutube;
  let openai: FakeOpenai;
  let t: TestApp;
  let agent: Agent;
  let serverKey: string;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    openai = await startFakeOpenai();
    serverKey = openai.newKey('server');
    t = await createToolsApp({ ...youtube.env, ...openai.env, OPENAI_API_KEY: serverKey, OPENAI_MODEL: 'gpt-4.1-nano' });
    ({ agent } = await signedIn(t));
  });
  afterAll(async () => {
    await t?.close();
    await youtube?.close();
    await openai?.close();
  });

  it("uses the server's key when the request brings none", async () => {
    const res = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(200);
    expect(res.body.writer).toBe('openai');
    const calls = openai.callsWith(serverKey);
    expect(calls).toHaveLength(1);
    expect(calls[0].model).toBe('gpt-4.1-nano');
  });

  it("prefers the user's own key", async () => {
    const userKey = openai.newKey('own');
    await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)), openaiKey: userKey }).expect(200);
    expect(openai.callsWith(userKey)).toHaveLength(1);
    expect(openai.callsWith(serverKey)).toHaveLength(1); // only the call of the test before
  });

  it("does not tell the user their key was refused when it is the server's (503, not 400)", async () => {
    openai.script(serverKey, 'invalid-key');
    const refused = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(503);
    expect(refused.body.code).toBe('TOOLS.OPENAI_UNAVAILABLE');
    openai.script(serverKey, 'no-credit');
    const broke = await writeArticle(agent, { youtubeUrl: watchUrl(addTalk(youtube)) }).expect(503);
    expect(broke.body.code).toBe('TOOLS.OPENAI_UNAVAILABLE');
  });
});

const UNREACHABLE = {
  message: "We could not reach YouTube to fetch this video's captions. Please try again in a few minutes.",
  error: "We could not reach YouTube to fetch this video's captions. Please try again in a few minutes.",
  code: 'TOOLS.YOUTUBE_UNREACHABLE',
};

/**
 * Issue 24: YouTube not reached at all is said as such (503 TOOLS.YOUTUBE_UNREACHABLE), never as
 * YouTube refusing: nothing listening, a name that does not resolve, a server that never answers.
 */
describe('POST /api/youtube-to-article when YouTube cannot be reached', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts connections and never says a word.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it.each([
    ['nothing listens on its port (connection refused)', async (): Promise<string> => `http://127.0.0.1:${await freePort()}`, {}],
    ['its name does not resolve', async (): Promise<string> => 'http://youtube.invalid', { YOUTUBE_TIMEOUT_MS: '5000' }],
    ['it never answers (the time limit)', async (): Promise<string> => `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, { YOUTUBE_TIMEOUT_MS: '300' }],
  ] as Array<[string, () => Promise<string>, Record<string, string>]>)('answers 503 TOOLS.YOUTUBE_UNREACHABLE when %s', async (_what, baseUrl, env) => {
    const t = await createToolsApp({ YOUTUBE_BASE_URL: await baseUrl(), ...env });
    try {
      const { agent } = await signedIn(t);
      const res = await writeArticle(agent, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }).expect(503);
      expect(res.body).toEqual(UNREACHABLE);
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});

/**
 * Issue 24: a transcript pasted instead of a link: the same limits as fetched captions, the same
 * hourly allowance, the same writers; YouTube is not asked.
 */
describe('POST /api/youtube-to-article with a pasted transcript', () => {
  let youtube: FakeYoutube;
  let openai: FakeOpenai;
  let t: TestApp;
  let agent: Agent;

  const PASTED = [
    '0:00',
    '[Music]',
    '0:04',
    "Hi, I'm Dana and today we're talking about R&D budgets.",
    '0:09',
    'Um, the the first thing is that "research" and development are different.',
    '0:15 Research finds new ideas; development turns them into products.',
    '[00:21] Companies that spend on R&D for years grow faster than those that stop.',
    "That's the main point, you know, of this whole talk.",
  ].join('\n');

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    openai = await startFakeOpenai();
    t = await createToolsApp({ ...youtube.env, ...openai.env, YOUTUBE_ARTICLES_PER_HOUR: '1000' });
    ({ agent } = await signedIn(t));
  });
  afterAll(async () => {
    await t?.close();
    await youtube?.close();
    await openai?.close();
  });

  it('writes the article from it with the local writer, without asking YouTube: times and sound cues gone', async () => {
    const before = youtube.requests.length;
    const res = await writeArticle(agent, { transcript: PASTED, customTitle: 'Money for research' }).expect(200);
    expect(res.body.writer).toBe('local');
    expect(res.body.title).toBe('Money for research');
    const article = res.body.article as string;
    expect(article.split('\n')[0]).toBe('Money for research');
    expect(article).toContain("Hi, I'm Dana and today we're talking about R&D budgets.");
    expect(article).toContain('Research finds new ideas; development turns them into products.');
    expect(article).toContain('Companies that spend on R&D for years grow faster than those that stop.');
    expect(article).not.toMatch(/\b0:0[049]\b|\[00:21\]|\[Music\]|\bUm\b|the the/);
    expect(youtube.requests.length).toBe(before);
  });

  it('reads SRT and WebVTT files as what was said', async () => {
    const srt = ['1', '00:00:01,000 --> 00:00:04,000', 'Welcome to the kitchen, everyone.', '', '2', '00:00:04,500 --> 00:00:09,000', 'Today we bake a loaf of sourdough bread together.'].join('\n');
    const vtt = ['WEBVTT', '', '00:00:01.000 --> 00:00:04.000', '<v Sam>Welcome to the kitchen, everyone.', '', '00:00:04.500 --> 00:00:09.000 align:start', 'Today we bake a loaf of <c.yellow>sourdough</c> bread together.'].join('\n');
    for (const transcript of [srt, vtt]) {
      const res = await writeArticle(agent, { transcript }).expect(200);
      expect(res.body.article).toContain('Welcome to the kitchen, everyone.');
      expect(res.body.article).toContain('Today we bake a loaf of sourdough bread together.');
      expect(res.body.article).not.toMatch(/-->|WEBVTT|<|00:00/);
    }
  });

  it("writes it with OpenAI when the user gives a key, the transcript's words sent", async () => {
    const key = openai.newKey('pasted');
    const res = await writeArticle(agent, { transcript: PASTED, openaiKey: key }).expect(200);
    expect(res.body.writer).toBe('openai');
    const sent = openai.callsWith(key)[0].messages.map((m) => m.content).join('\n');
    expect(sent).toContain("Hi, I'm Dana");
    expect(sent).not.toMatch(/\[Music\]|\b0:04\b/);
  });

  it.each([
    ['too short', { transcript: 'Hello there, a short one.' }, 'The transcript is too short: paste at least 40 characters.'],
    ['too long', { transcript: `${'word '.repeat(40_000)}and one more.` }, 'The transcript is too long: paste at most 200,000 characters.'],
    ['not text', { transcript: 42 }, 'The transcript must be text'],
    ['given with a link', { transcript: PASTED, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }, 'Send either a YouTube link or a transcript, not both.'],
    ['nothing but times and sound cues', { transcript: ['0:00', '[Music]', '0:04', '[Applause]', '0:09', '[Music]', '0:15', '[Laughter]'].join('\n') }, 'The transcript is too short: paste at least 40 characters.'],
    ['empty, with no link either', { transcript: '   ' }, 'Please enter a YouTube URL'],
  ])('answers 400 for a transcript %s, without asking YouTube or counting it', async (_what, body, message) => {
    const before = youtube.requests.length;
    const counted = await sql<{ n: number }>(t, `SELECT coalesce(sum(attempt_count), 0)::int AS n FROM rate_limit_attempt WHERE attempt_type = 'youtube_article'`);
    const res = await writeArticle(agent, body).expect(400);
    expect(res.body.message).toBe(message);
    expect(youtube.requests.length).toBe(before);
    expect(await sql<{ n: number }>(t, `SELECT coalesce(sum(attempt_count), 0)::int AS n FROM rate_limit_attempt WHERE attempt_type = 'youtube_article'`)).toEqual(counted);
  });

  it('takes an empty link next to a transcript as no link (a form sends both fields)', async () => {
    const res = await writeArticle(agent, { youtubeUrl: '', transcript: PASTED }).expect(200);
    expect(res.body.writer).toBe('local');
  });

  it("holds a video's captions to the same limits: too short or too long is 422, with a way out", async () => {
    const short = addTalk(youtube, 'Short', ['Hi!', 'Bye.']);
    const tooShort = await writeArticle(agent, { youtubeUrl: watchUrl(short) }).expect(422);
    expect(tooShort.body).toMatchObject({ code: 'TOOLS.TRANSCRIPT_TOO_SHORT', message: "This video's captions are too short to write an article from." });
    const long = addTalk(youtube, 'Long', Array.from({ length: 2_700 }, (_, i) => `Sentence number ${i} of a very, very long lecture about bread and its history.`));
    const tooLong = await writeArticle(agent, { youtubeUrl: watchUrl(long) }).expect(422);
    expect(tooLong.body).toMatchObject({ code: 'TOOLS.TRANSCRIPT_TOO_LONG' });
    expect(tooLong.body.message).toMatch(/longer than 200,000 characters.*Paste the part you want as a transcript instead\.$/);
  });
});
