import { Logger } from '@nestjs/common';
import {
  type FetchParams,
  fetchTranscript,
  YoutubeTranscriptDisabledError,
  YoutubeTranscriptInvalidVideoIdError,
  YoutubeTranscriptNotAvailableError,
  YoutubeTranscriptNotAvailableLanguageError,
  YoutubeTranscriptTooManyRequestError,
  YoutubeTranscriptVideoUnavailableError,
} from 'youtube-transcript-plus';
import { DomainError } from '../../../../shared/errors/domain-error';
import type { Transcript, TranscriptSource } from '../../application/transcript-source.port';
import { InvalidYoutubeUrlError, NoCaptionsError, VideoUnavailableError, YoutubeRefusedError, YoutubeUnreachableError } from '../../domain/tools-errors';
import { cleanCaption } from './caption-text';
import { type PlayerJson, playabilityProblem, withOwnTrackFirst } from './player-response';

export interface YoutubeSettings {
  /** YOUTUBE_BASE_URL: null → YouTube itself; else a server standing in for https://www.youtube.com */
  baseUrl: string | null;
  /** YOUTUBE_TIMEOUT_MS: the whole fetch (watch page, player, captions). */
  timeoutMs: number;
}

const YOUTUBE_ORIGIN = 'https://www.youtube.com';
const USER_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * TranscriptSource on youtube-transcript-plus (D33; ADR 0020): the watch page for the Innertube
 * key, the Innertube player for the caption tracks, then the timedtext XML. The library's three
 * fetch hooks are where this adapter
 * - sends every request to YOUTUBE_BASE_URL instead of https://www.youtube.com when it is set;
 * - tells apart (issue 24) YouTube not reached at all (a refused connection, a name that does not
 *   resolve, no answer within YOUTUBE_TIMEOUT_MS: YoutubeUnreachableError) from YouTube refusing:
 *   "too many requests", 5xx, any other error status of the watch page or the player, and a watch
 *   page without the Innertube key are YoutubeRefusedError (the library reads a 429 on the watch
 *   page as "video unavailable" and a page without the key as "no captions");
 * - reads the player answer first: a video that cannot be played is VideoUnavailableError (the
 *   library reads it as "no captions"), YouTube's bot check is YoutubeRefusedError, and the
 *   video's own caption track is put first (the library takes the first; no `lang` is forced).
 * The library's own errors map to NoCaptions, VideoUnavailable and YoutubeRefused; the caption
 * text is cleaned (entities, tags, sound cues, whitespace), and an empty result is NoCaptions.
 */
export class YoutubeTranscriptSource implements TranscriptSource {
  private readonly logger = new Logger(YoutubeTranscriptSource.name);
  private readonly base: string | null;

  constructor(private readonly settings: YoutubeSettings) {
    this.base = settings.baseUrl ? settings.baseUrl.replace(/\/+$/, '') : null;
  }

  async fetch(videoId: string, signal?: AbortSignal): Promise<Transcript> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let result;
    try {
      result = await fetchTranscript(videoId, {
        videoDetails: true,
        retries: 0,
        signal: combined,
        userAgent: USER_AGENT,
        videoFetch: (params) => this.watchPage(params),
        playerFetch: (params) => this.player(params),
        transcriptFetch: (params) => this.request(params, 'captions'),
      });
    } catch (e) {
      throw this.mapped(e, videoId);
    }
    const segments = result.segments.map((s) => cleanCaption(s.text)).filter((s) => s !== '');
    if (segments.length === 0) throw new NoCaptionsError();
    return {
      title: result.videoDetails.title || null,
      language: result.segments[0]?.lang || 'und',
      segments,
    };
  }

  /**
   * One GET or POST, sent to YOUTUBE_BASE_URL when set. No answer at all is "unreachable";
   * "too many requests" and 5xx are refusals, and so is any other error status of the watch page
   * (YouTube answers 200 even for a video that does not exist) or the player (which says in its
   * body when a video cannot be played), and a 403 of the captions.
   */
  private async request(params: FetchParams, what: 'watch page' | 'player' | 'captions'): Promise<Response> {
    const url = this.target(params.url);
    let response: Response;
    try {
      response = await fetch(url, {
        method: params.method ?? 'GET',
        headers: { 'User-Agent': params.userAgent ?? USER_AGENT, ...(params.lang ? { 'Accept-Language': params.lang } : {}), ...params.headers },
        body: params.method === 'POST' ? params.body : undefined,
        signal: params.signal,
      });
    } catch (e) {
      throw this.notAnswered(e, what, params.signal);
    }
    const refusedStatus = what === 'captions' ? response.status === 403 : response.status >= 400;
    if (response.status === 429 || response.status >= 500 || refusedStatus) {
      await response.body?.cancel();
      this.logger.warn(`YouTube answered ${response.status} to the ${what} request`);
      throw new YoutubeRefusedError();
    }
    return response;
  }

  /**
   * The watch page. Without the Innertube key on it (a consent or sign-in page, or a YouTube that
   * changed) the library would say "no captions"; that is YouTube not letting us in.
   */
  private async watchPage(params: FetchParams): Promise<Response> {
    const response = await this.request(params, 'watch page');
    if (!response.ok) return response; // (error statuses were refused above)
    const html = await response.text();
    if (!html.includes('class="g-recaptcha"') && !/INNERTUBE_API_KEY/.test(html)) {
      this.logger.warn('The YouTube watch page has no Innertube key (a consent page, or YouTube changed its page)');
      throw new YoutubeRefusedError();
    }
    return new Response(html, { status: response.status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }

  /** The player answer, checked for playability and with the video's own track first. */
  private async player(params: FetchParams): Promise<Response> {
    const response = await this.request(params, 'player');
    if (!response.ok) return response; // (error statuses were refused above)
    let json: PlayerJson;
    try {
      json = (await response.json()) as PlayerJson;
    } catch {
      this.logger.warn('YouTube answered the player request with something that is not JSON');
      throw new YoutubeRefusedError();
    }
    const problem = playabilityProblem(json);
    if (problem === 'refused') {
      this.logger.warn(`YouTube refused the player request: ${json.playabilityStatus?.reason ?? json.playabilityStatus?.status}`);
      throw new YoutubeRefusedError();
    }
    if (problem === 'unavailable') throw new VideoUnavailableError();
    return new Response(JSON.stringify(withOwnTrackFirst(json)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }

  /** YouTube's URL, on YOUTUBE_BASE_URL when set; only YouTube's own hosts are ever fetched. */
  private target(url: string): string {
    const ours = url.startsWith(`${YOUTUBE_ORIGIN}/`);
    if (!ours && !/^https:\/\/[a-z0-9.-]+\.youtube\.com\//i.test(url)) {
      this.logger.warn('YouTube pointed the captions at another host');
      throw new YoutubeRefusedError();
    }
    return this.base && ours ? `${this.base}${url.slice(YOUTUBE_ORIGIN.length)}` : url;
  }

  /**
   * A request that got no answer: the time limit, or the network (refused, reset, a name that does
   * not resolve) is YouTube unreachable; the client hanging up is passed on as it is.
   */
  private notAnswered(e: unknown, what: string, signal?: AbortSignal): unknown {
    if (signal?.aborted && !isTimeout(signal.reason)) return e;
    this.logger.warn(`YouTube did not answer the ${what} request: ${networkReason(e)}`);
    return new YoutubeUnreachableError();
  }

  private mapped(e: unknown, videoId: string): DomainError {
    if (e instanceof DomainError) return e;
    // The time limit while a body was still arriving, or the connection dropped then.
    if (isTimeout(e) || isNetworkFailure(e)) {
      this.logger.warn(`YouTube stopped answering for ${videoId}: ${networkReason(e)}`);
      return new YoutubeUnreachableError();
    }
    if (e instanceof YoutubeTranscriptTooManyRequestError) {
      this.logger.warn(`YouTube refused the captions of ${videoId} (too many requests or a captcha)`);
      return new YoutubeRefusedError();
    }
    if (e instanceof YoutubeTranscriptVideoUnavailableError) return new VideoUnavailableError();
    if (
      e instanceof YoutubeTranscriptDisabledError ||
      e instanceof YoutubeTranscriptNotAvailableError ||
      e instanceof YoutubeTranscriptNotAvailableLanguageError
    ) {
      return new NoCaptionsError();
    }
    if (e instanceof YoutubeTranscriptInvalidVideoIdError) return new InvalidYoutubeUrlError();
    // An answer that is not what the library expects: YouTube did not give us the captions.
    const name = e instanceof Error ? e.name : typeof e;
    const message = e instanceof Error ? e.message : String(e);
    this.logger.warn(`Fetching the captions of ${videoId} failed: ${name}: ${message}`);
    return new YoutubeRefusedError();
  }
}

/*
 * Told apart by name and message rather than by class: fetch's errors (undici's TypeError, the
 * DOMException of AbortSignal.timeout) may come from another realm than this module's Error.
 */
function errorField(e: unknown, field: 'name' | 'message'): unknown {
  return typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[field] : undefined;
}

/** The error AbortSignal.timeout gives (YOUTUBE_TIMEOUT_MS ran out). */
function isTimeout(e: unknown): boolean {
  return errorField(e, 'name') === 'TimeoutError';
}

/** fetch's own failure: no connection, a reset, a name that does not resolve, a body cut short. */
function isNetworkFailure(e: unknown): boolean {
  return errorField(e, 'name') === 'TypeError' && ['fetch failed', 'terminated'].includes(String(errorField(e, 'message')));
}

/** What the log says of a request without an answer: the system's code (ECONNREFUSED, ENOTFOUND, …) when there is one. */
function networkReason(e: unknown): string {
  const cause = typeof e === 'object' && e !== null ? ((e as { cause?: unknown }).cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const name = String(errorField(e, 'name') ?? typeof e);
  const message = String(errorField(e, 'message') ?? e);
  return code ? `${name}: ${message} (${code})` : `${name}: ${message}`;
}
