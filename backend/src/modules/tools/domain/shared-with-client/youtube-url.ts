/** A YouTube video id: exactly 11 characters of A-Z, a-z, 0-9, _ and -. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** A URL that names its scheme (`https://…`, `ftp://…`). */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
/** Longer than any real link to a video; refused before parsing. */
export const YOUTUBE_URL_MAX = 2048;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const NO_COOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
/** youtube.com/<kind>/<id>: Shorts, the embed player, live streams and the old player path. */
const ID_PATH_KINDS = new Set(['shorts', 'embed', 'live', 'v']);

/**
 * Shared with the browser (frontend imports it as `@tools-rules/youtube-url`), so the page refuses
 * exactly the links the server refuses. Plain TypeScript only: no imports.
 */

/** 001 §5 / §8: an empty or whitespace-only link. */
export const EMPTY_YOUTUBE_URL_MESSAGE = 'Please enter a YouTube URL';
/** Any other link that is not to one YouTube video (TOOLS.INVALID_YOUTUBE_URL). */
export const INVALID_YOUTUBE_URL_MESSAGE = 'Please enter a valid YouTube video link (youtube.com/watch, youtu.be, shorts or embed).';

/**
 * The id of the one video a link points to (D33), for every form people paste:
 * - `youtube.com/watch?v=ID` with other parameters in any order (`&t=42s`, `&list=…`, `&si=…`),
 *   on www., m. and music.youtube.com;
 * - `youtu.be/ID` (also `?si=…&t=…`);
 * - `youtube.com/shorts/ID`, `/embed/ID`, `/live/ID`, `/v/ID`, and `youtube-nocookie.com/embed/ID`;
 * - with or without `https://` / `http://` and `www.`, with a trailing slash or a `#fragment`.
 * Anything else (another site, a channel, a playlist without a video, an id that is not exactly
 * 11 characters of A-Z a-z 0-9 _ -) is null.
 */
export function youtubeVideoIdOf(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || text.length > YOUTUBE_URL_MAX) return null;
  const withScheme = HAS_SCHEME.test(text) ? text : text.startsWith('//') ? `https:${text}` : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) {
    return null;
  }
  const host = url.hostname.toLowerCase();
  // A trailing slash is fine ("/shorts/ID/"); an empty segment inside the path ("//") is not.
  const path = url.pathname.replace(/^\//, '').replace(/\/$/, '');
  const segments = path === '' ? [] : path.split('/');
  if (segments.some((s) => s === '')) return null;

  let id: string | null | undefined = null;
  if (SHORT_HOSTS.has(host)) {
    if (segments.length === 1) id = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const kind = segments[0]?.toLowerCase();
    if (kind === 'watch' && segments.length === 1) id = url.searchParams.get('v');
    else if (kind !== undefined && ID_PATH_KINDS.has(kind) && segments.length === 2) id = segments[1];
  } else if (NO_COOKIE_HOSTS.has(host)) {
    if (segments[0]?.toLowerCase() === 'embed' && segments.length === 2) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}
