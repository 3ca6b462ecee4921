/**
 * Issue 24: a transcript the user pastes instead of a link (when YouTube will not give the
 * captions, or the video is not on YouTube). Shared with the browser (the frontend imports it as
 * `@tools-rules/transcript`), so the page counts and checks exactly as the server does; the server
 * checks again and has the last word. Plain TypeScript only: no imports.
 *
 * The limits are a transcript's, whoever brings it: a pasted one, and a video's captions as fetched
 * (after cleaning). Fewer characters than the minimum is not enough to write an article from; the
 * maximum is about four hours of speech, far past what one article holds.
 */

export const TRANSCRIPT_MIN_CHARS = 40;
export const TRANSCRIPT_MAX_CHARS = 200_000;

/** "200,000", the same on every machine. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const EMPTY_TRANSCRIPT_MESSAGE = 'Please paste a transcript';
export const TRANSCRIPT_TOO_SHORT_MESSAGE = `The transcript is too short: paste at least ${grouped(TRANSCRIPT_MIN_CHARS)} characters.`;
export const TRANSCRIPT_TOO_LONG_MESSAGE = `The transcript is too long: paste at most ${grouped(TRANSCRIPT_MAX_CHARS)} characters.`;
export const TRANSCRIPT_NOT_TEXT_MESSAGE = 'The transcript must be text';
export const LINK_AND_TRANSCRIPT_MESSAGE = 'Send either a YouTube link or a transcript, not both.';

/** How many characters of a pasted transcript count: surrounding white space does not. */
export function transcriptLength(text: string): number {
  return text.trim().length;
}

/** The counter under the field: "1,234 / 200,000 characters". */
export function transcriptCounter(text: string): string {
  return `${grouped(transcriptLength(text))} / ${grouped(TRANSCRIPT_MAX_CHARS)} characters`;
}

export type TranscriptCheck =
  | { ok: true; /** What is sent: the trimmed text. */ text: string }
  | { ok: false; reason: 'empty' | 'short' | 'long'; message: string };

/** Empty, too short or too long is refused with its message; anything else is sent trimmed. */
export function checkTranscript(input: string): TranscriptCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty', message: EMPTY_TRANSCRIPT_MESSAGE };
  if (text.length < TRANSCRIPT_MIN_CHARS) return { ok: false, reason: 'short', message: TRANSCRIPT_TOO_SHORT_MESSAGE };
  if (text.length > TRANSCRIPT_MAX_CHARS) return { ok: false, reason: 'long', message: TRANSCRIPT_TOO_LONG_MESSAGE };
  return { ok: true, text };
}
