/**
 * Issue 24: a transcript pasted instead of a link, checked and counted in the browser by the
 * server's own rule (`@tools-rules/transcript`), so the page refuses exactly what the server
 * refuses; the server checks again and has the last word.
 */
export {
  checkTranscript,
  EMPTY_TRANSCRIPT_MESSAGE,
  TRANSCRIPT_MAX_CHARS,
  TRANSCRIPT_MIN_CHARS,
  TRANSCRIPT_TOO_LONG_MESSAGE,
  TRANSCRIPT_TOO_SHORT_MESSAGE,
  transcriptCounter,
  transcriptLength,
  type TranscriptCheck,
} from '@tools-rules/transcript';
