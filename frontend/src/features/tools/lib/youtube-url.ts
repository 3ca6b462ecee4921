import { EMPTY_YOUTUBE_URL_MESSAGE, INVALID_YOUTUBE_URL_MESSAGE, youtubeVideoIdOf } from '@tools-rules/youtube-url';

/**
 * The YouTube links POST /api/youtube-to-article accepts (D33), checked in the browser first so
 * that a mistyped link gets a clear message at once instead of a round trip. The rule itself is
 * the server's (`@tools-rules/youtube-url`), so both refuse exactly the same links; the server
 * checks again and has the last word.
 */

/** 001 §5 / §8. */
export const EMPTY_URL_MESSAGE = EMPTY_YOUTUBE_URL_MESSAGE;
/** The server's own words for a link it does not accept (TOOLS.INVALID_YOUTUBE_URL). */
export const INVALID_URL_MESSAGE = INVALID_YOUTUBE_URL_MESSAGE;

export type YoutubeUrlCheck =
  | { ok: true; /** What is sent: the trimmed link, with https:// when it had no scheme. */ url: string; videoId: string }
  | { ok: false; reason: 'empty' | 'invalid'; message: string };

function withScheme(text: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(text)) return text;
  return text.startsWith('//') ? `https:${text}` : `https://${text}`;
}

/** The video id a YouTube link points to, or null when it is not one of the accepted forms. */
export function youtubeVideoId(link: string): string | null {
  return youtubeVideoIdOf(link);
}

/** 001 §5: empty or whitespace-only is "Please enter a YouTube URL"; anything else must be a video link. */
export function checkYoutubeUrl(input: string): YoutubeUrlCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, reason: 'empty', message: EMPTY_URL_MESSAGE };
  const videoId = youtubeVideoIdOf(trimmed);
  if (!videoId) return { ok: false, reason: 'invalid', message: INVALID_URL_MESSAGE };
  return { ok: true, url: withScheme(trimmed), videoId };
}
