/** One video's captions, cleaned: entities decoded, whitespace normalised, sound cues dropped. */
export interface Transcript {
  /** The video's title, when the source knows it. */
  title?: string | null;
  /** The language of the captions (BCP 47, e.g. 'en', 'es', 'pt-BR'): the video's own. */
  language: string;
  /** The caption lines in order; never empty (no captions is NoCaptionsError). */
  segments: string[];
}

/**
 * Where a video's captions come from (D33). Throws the tools errors: NoCaptionsError (no or empty
 * captions), VideoUnavailableError (private, removed, unplayable), YoutubeRefusedError (too many
 * requests, a captcha, a bot check, no answer).
 */
export interface TranscriptSource {
  fetch(videoId: string, signal?: AbortSignal): Promise<Transcript>;
}

export const TRANSCRIPT_SOURCE = Symbol('TRANSCRIPT_SOURCE');
