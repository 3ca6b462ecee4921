import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the three YouTube endpoints youtube-transcript-plus 2.x reads
 * (node_modules/youtube-transcript-plus/dist/youtube-transcript-plus.cjs, _fetchCaptionTracks and
 * fetchTranscript), in their wire format:
 *
 *   GET  /watch?v={id}                      → the watch page (HTML) with `"INNERTUBE_API_KEY":"…"` in its ytcfg
 *   POST /youtubei/v1/player?key={key}      → the Innertube player answer for the ANDROID client:
 *                                             {playabilityStatus, videoDetails, captions.playerCaptionsTracklistRenderer
 *                                              {captionTracks[{baseUrl, name, vssId, languageCode, kind?}], audioTracks, …}}
 *   GET  /api/timedtext?v={id}&lang=…&…     → the captions as timedtext XML, format 1:
 *                                             <transcript><text start="…" dur="…">…</text>…</transcript>
 *                                             (format 3, <timedtext><body><p t d>, when fmt=srv3 is left on)
 *
 * Caption track URLs name https://www.youtube.com, as YouTube's do: the app reaches this server only
 * because YOUTUBE_BASE_URL makes the adapter rewrite that origin. Caption text is escaped the way
 * YouTube escapes it, twice (`I'm` → `I&amp;#39;m`, `R&D` → `R&amp;amp;D`), unless a track is given
 * `raw` lines (already escaped, sent as they are).
 *
 * Videos are registered by the test; any other id gets YouTube's answer for a video that does not
 * exist (the watch page, then playability ERROR "This video is unavailable"). Every request is
 * recorded.
 */

export interface FakeTrack {
  languageCode: string;
  /** Shown name, e.g. "English (auto-generated)". */
  name?: string;
  /** 'asr' for YouTube's automatic captions. */
  kind?: 'asr';
  /** Plain caption lines (escaped here as YouTube does). */
  lines?: string[];
  /** Caption lines already escaped, sent exactly as given. */
  raw?: string[];
}

export type FakeVideo =
  /** Plays, with these caption tracks (YouTube's order). `defaultTrack`: audioTracks' defaultCaptionTrackIndex. */
  | { kind: 'captions'; title: string; tracks: FakeTrack[]; defaultTrack?: number }
  /** Plays, no captions at all (the player answer has no `captions`). */
  | { kind: 'no-captions'; title: string }
  /** Plays, `captions` present with an empty track list. */
  | { kind: 'captions-off'; title: string }
  /** playabilityStatus LOGIN_REQUIRED "This video is private". */
  | { kind: 'private' }
  /** playabilityStatus ERROR "This video has been removed by the uploader". */
  | { kind: 'removed' }
  /** playabilityStatus UNPLAYABLE. */
  | { kind: 'unplayable' }
  /** YouTube refusing us, in one of the ways it does. */
  | { kind: 'refuse'; how: 'watch-429' | 'watch-403' | 'recaptcha' | 'bot-check' | 'player-429' | 'player-403' | 'captions-429' | 'player-503' | 'consent-page' };

export interface RecordedYoutubeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface FakeYoutube {
  /** http://127.0.0.1:PORT, for YOUTUBE_BASE_URL */
  baseUrl: string;
  /** YOUTUBE_BASE_URL for createTestApp */
  env: Record<string, string>;
  /** The Innertube key on the watch page (the player call must send it). */
  innertubeKey: string;
  requests: RecordedYoutubeRequest[];
  /** Register (or replace) a video under an id of 11 characters. */
  addVideo(id: string, video: FakeVideo): void;
  /** A fresh random video id of 11 characters. */
  newId(): string;
  /** Requests about one video (watch, player and captions), oldest first. */
  requestsFor(id: string): RecordedYoutubeRequest[];
  close(): Promise<void>;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** YouTube's HTML escaping of caption text, then the XML escaping of the document around it. */
function escapeTwice(text: string): string {
  const html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return html.replace(/&/g, '&amp;');
}

function watchPage(key: string, id: string, title: string): string {
  const ytcfg = { INNERTUBE_API_KEY: key, INNERTUBE_CLIENT_NAME: 'WEB', INNERTUBE_CLIENT_VERSION: '2.20250101.00.00', VISITOR_DATA: 'Cgt' };
  return `<!DOCTYPE html><html lang="en"><head><title>${title} - YouTube</title>
<script nonce="x">ytcfg.set(${JSON.stringify(ytcfg)});</script></head>
<body><div id="player" data-video-id="${id}"></div>
<script nonce="x">var ytInitialPlayerResponse = {"responseContext":{}};</script></body></html>`;
}

const RECAPTCHA_PAGE = `<!DOCTYPE html><html><head><title>https://www.youtube.com/watch</title></head><body>
<div id="infoDiv">Our systems have detected unusual traffic from your computer network.</div>
<form id="captcha-form" action="index" method="post"><div class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div></form></body></html>`;

const CONSENT_PAGE = `<!DOCTYPE html><html><head><title>Before you continue to YouTube</title></head><body>
<form action="https://consent.youtube.com/save" method="POST"><button>Accept all</button></form></body></html>`;

function videoDetails(id: string, title: string) {
  return {
    videoId: id,
    title,
    lengthSeconds: '212',
    keywords: ['fake'],
    channelId: 'UCfakefakefakefakefakefa',
    isOwnerViewing: false,
    shortDescription: `The description of ${title}`,
    isCrawlable: true,
    thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 }] },
    allowRatings: true,
    viewCount: '1234',
    author: 'Fake Channel',
    isPrivate: false,
    isUnpluggedCorpus: false,
    isLiveContent: false,
  };
}

export async function startFakeYoutube(): Promise<FakeYoutube> {
  const innertubeKey = `AIzaSy${randomBytes(16).toString('hex').slice(0, 33)}`;
  const videos = new Map<string, FakeVideo>();
  const requests: RecordedYoutubeRequest[] = [];

  const send = (res: http.ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(body);
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => send(res, status, 'application/json; charset=UTF-8', JSON.stringify(body));

  const playerAnswer = (id: string): { status: number; body: unknown } => {
    const video = videos.get(id);
    const context = { responseContext: { visitorData: 'Cgt', serviceTrackingParams: [] } };
    if (!video || video.kind === 'removed') {
      const reason = video ? 'This video has been removed by the uploader' : 'This video is unavailable';
      return { status: 200, body: { ...context, playabilityStatus: { status: 'ERROR', reason, contextParams: 'Q0FF' } } };
    }
    if (video.kind === 'private') {
      return {
        status: 200,
        body: { ...context, playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'This video is private', messages: ['This is a private video. Please sign in to verify that you may see it.'] } },
      };
    }
    if (video.kind === 'unplayable') {
      return { status: 200, body: { ...context, playabilityStatus: { status: 'UNPLAYABLE', reason: 'Video unavailable', errorScreen: {} } } };
    }
    if (video.kind === 'refuse' && video.how === 'bot-check') {
      return {
        status: 200,
        body: { ...context, playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm you’re not a bot', messages: ['This helps protect our community. Learn more'] } },
      };
    }
    if (video.kind === 'refuse' && video.how === 'player-429') return { status: 429, body: { error: { code: 429, message: 'Too Many Requests', status: 'RESOURCE_EXHAUSTED' } } };
    if (video.kind === 'refuse' && video.how === 'player-403') return { status: 403, body: { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } } };
    if (video.kind === 'refuse' && video.how === 'player-503') return { status: 503, body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } };

    const title = 'title' in video ? video.title : 'A refused video';
    const playable = { ...context, playabilityStatus: { status: 'OK', playableInEmbed: true }, videoDetails: videoDetails(id, title) };
    if (video.kind === 'no-captions') return { status: 200, body: playable };
    if (video.kind === 'captions-off') return { status: 200, body: { ...playable, captions: { playerCaptionsTracklistRenderer: { captionTracks: [], audioTracks: [] } } } };
    const tracks: FakeTrack[] = video.kind === 'captions' ? video.tracks : [{ languageCode: 'en', name: 'English', lines: ['A line that is never fetched.'] }];
    const captionTracks = tracks.map((t) => {
      const query = new URLSearchParams({ v: id, ei: 'fakeEi', caps: 'asr', opi: '112496729', xoaf: '5', hl: 'en', ip: '0.0.0.0', ipbits: '0', expire: '1999999999', sparams: 'ip,ipbits,expire,v,ei,caps,opi,xoaf', signature: 'FAKE', key: 'yt8' });
      if (t.kind) query.set('kind', t.kind);
      query.set('lang', t.languageCode);
      return {
        baseUrl: `https://www.youtube.com/api/timedtext?${query.toString()}&fmt=srv3`,
        name: { runs: [{ text: t.name ?? t.languageCode }] },
        vssId: `${t.kind === 'asr' ? 'a' : ''}.${t.languageCode}`,
        languageCode: t.languageCode,
        ...(t.kind ? { kind: t.kind } : {}),
        isTranslatable: true,
        trackName: '',
      };
    });
    const defaultTrack = video.kind === 'captions' ? video.defaultTrack : undefined;
    return {
      status: 200,
      body: {
        ...playable,
        captions: {
          playerCaptionsTracklistRenderer: {
            captionTracks,
            audioTracks: [{ captionTrackIndices: captionTracks.map((_, i) => i), ...(defaultTrack !== undefined ? { defaultCaptionTrackIndex: defaultTrack, hasDefaultTrack: true } : {}), audioTrackId: '' }],
            translationLanguages: [{ languageCode: 'fr', languageName: { runs: [{ text: 'French' }] } }],
            defaultAudioTrackIndex: 0,
          },
        },
      },
    };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | null = null;
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return json(res, 400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
        }
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });

      if (req.method === 'GET' && url.pathname === '/watch') {
        const id = url.searchParams.get('v') ?? '';
        const video = videos.get(id);
        if (video?.kind === 'refuse' && video.how === 'watch-429') return send(res, 429, 'text/html; charset=utf-8', '<html><body>Too Many Requests</body></html>');
        if (video?.kind === 'refuse' && video.how === 'watch-403') return send(res, 403, 'text/html; charset=utf-8', '<html><body>403. That’s an error. Your client does not have permission.</body></html>');
        if (video?.kind === 'refuse' && video.how === 'recaptcha') return send(res, 200, 'text/html; charset=utf-8', RECAPTCHA_PAGE);
        if (video?.kind === 'refuse' && video.how === 'consent-page') return send(res, 200, 'text/html; charset=utf-8', CONSENT_PAGE);
        return send(res, 200, 'text/html; charset=utf-8', watchPage(innertubeKey, id, video && 'title' in video ? video.title : 'YouTube'));
      }

      if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
        if (url.searchParams.get('key') !== innertubeKey) {
          return json(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
        }
        const client = (body?.context as { client?: { clientName?: unknown } } | undefined)?.client;
        const id = typeof body?.videoId === 'string' ? body.videoId : '';
        if (!client?.clientName || !id) return json(res, 400, { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } });
        const answer = playerAnswer(id);
        return json(res, answer.status, answer.body);
      }

      if (req.method === 'GET' && url.pathname === '/api/timedtext') {
        const id = url.searchParams.get('v') ?? '';
        const video = videos.get(id);
        if (video?.kind === 'refuse' && video.how === 'captions-429') return send(res, 429, 'text/html; charset=utf-8', 'Too Many Requests');
        if (video?.kind !== 'captions' || url.searchParams.get('signature') !== 'FAKE') return send(res, 404, 'text/html; charset=utf-8', '');
        const track = video.tracks.find((t) => t.languageCode === url.searchParams.get('lang') && (t.kind ?? '') === (url.searchParams.get('kind') ?? ''));
        if (!track) return send(res, 404, 'text/html; charset=utf-8', '');
        const lines = track.raw ?? (track.lines ?? []).map(escapeTwice);
        if (url.searchParams.get('fmt') === 'srv3') {
          const ps = lines.map((l, i) => `<p t="${i * 2500}" d="2400">${l}</p>`).join('');
          return send(res, 200, 'text/xml; charset=UTF-8', `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${ps}</body></timedtext>`);
        }
        const texts = lines.map((l, i) => `<text start="${(i * 2.5).toFixed(2)}" dur="2.4">${l}</text>`).join('');
        return send(res, 200, 'text/xml; charset=UTF-8', `<?xml version="1.0" encoding="utf-8" ?><transcript>${texts}</transcript>`);
      }

      send(res, 404, 'text/html; charset=utf-8', '<html><body>404 Not Found</body></html>');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    env: { YOUTUBE_BASE_URL: baseUrl },
    innertubeKey,
    requests,
    addVideo: (id, video) => {
      if (!/^[A-Za-z0-9_-]{11}$/.test(id)) throw new Error(`not a video id: ${id}`);
      videos.set(id, video);
    },
    newId: () => Array.from(randomBytes(11), (b) => ID_ALPHABET[b % 64]).join(''),
    requestsFor: (id) =>
      requests.filter((r) => r.query.v === id || (r.body && r.body.videoId === id)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
