import { TRANSCRIPT_MAX_CHARS, TRANSCRIPT_MIN_CHARS } from './shared-with-client/transcript';
import { TranscriptTooLongError, TranscriptTooShortError } from './tools-errors';

export { TRANSCRIPT_MAX_CHARS, TRANSCRIPT_MIN_CHARS } from './shared-with-client/transcript';

/** A line that is only a time ("0:04", "1:02:03", "00:00:01.000", "[00:12]", "(2:15)"). */
const TIME_ONLY = /^[[(]?\d{1,2}(:\d{2}){1,2}([.,]\d{1,3})?[\])]?$/;
/** An SRT or WebVTT cue timing line ("00:00:01,000 --> 00:00:04,000 align:start"). */
const CUE_TIMING = /^\d{1,2}(:\d{2}){1,2}([.,]\d{1,3})?\s*-->/;
/** A time at the start of a line of text ("0:04 Hello", "[00:12] Hello", "1:02:03 - Hello"). */
const LEADING_TIME = /^[[(]?\d{1,2}(:\d{2}){1,2}([.,]\d{1,3})?[\])]?\s*[-–—:]?\s+/;

/**
 * Issue 24: a pasted transcript as caption lines: what YouTube's "Show transcript" panel copies
 * (times on lines of their own or before the text), SRT and WebVTT files (cue numbers, timings,
 * the WEBVTT header, inline tags) and plain text all become the lines of what was said. Sound cues
 * in brackets ("[Music]") go, white space is normalised, empty lines are dropped. The article
 * writers clean sentences further, as for fetched captions.
 */
export function pastedTranscriptLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const cueFile = lines.some((line) => CUE_TIMING.test(line.trim()));
  return lines
    .map((line) => line.trim())
    .filter((line) => !(line === 'WEBVTT' || line.startsWith('WEBVTT ') || TIME_ONLY.test(line) || CUE_TIMING.test(line)))
    .filter((line) => !(cueFile && /^\d+$/.test(line)))
    .map((line) =>
      line
        .replace(LEADING_TIME, '')
        .replace(/<\/?[a-zA-Z][^<>]*>|<\d{1,2}(:\d{2}){1,2}([.,]\d{1,3})?>/g, '') // <c>, <i>, <00:00:01.000>
        .replace(/\[[^\]]*\]/g, ' ') // [Music], [Applause]
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line !== '');
}

/** Characters of a transcript's lines as one text. */
export function transcriptChars(lines: readonly string[]): number {
  return lines.reduce((n, line, i) => n + line.length + (i > 0 ? 1 : 0), 0);
}

/** The limits of a transcript (TRANSCRIPT_MIN_CHARS…TRANSCRIPT_MAX_CHARS), pasted or fetched. */
export function checkTranscriptLines(lines: readonly string[], from: 'pasted' | 'captions'): void {
  const chars = transcriptChars(lines);
  if (chars < TRANSCRIPT_MIN_CHARS) throw new TranscriptTooShortError(from);
  if (chars > TRANSCRIPT_MAX_CHARS) throw new TranscriptTooLongError(from);
}
