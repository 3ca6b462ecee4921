import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { getErrorCode } from '../../../shared/api/base-api';
import { serverMessage, withReason } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import {
  useGenerateYoutubeArticleMutation,
  type ArticleWriter,
  type GeneratedArticle,
  type YoutubeArticleRequest,
} from '../api/tools.api';
import { checkTranscript } from '../lib/transcript';
import { checkYoutubeUrl, EMPTY_URL_MESSAGE } from '../lib/youtube-url';

/**
 * 001 §8: the failure toast is 'Error: Failed to generate article. Please try again.'; the
 * server's reason (a private video, no captions, the hourly limit…) is added after it.
 */
export const GENERATE_FAILED_TITLE = 'Error';
export const GENERATE_FAILED_MESSAGE = 'Failed to generate article. Please try again.';
export const GENERATED_MESSAGE = 'Article generated successfully!';

/** 001 §4: input → processing on generate → result on success, or back to input on failure. */
export type ArticlePhase = 'input' | 'processing' | 'result';

/** Issue 24: what the article is written from: a video's link (the spec's form), or a pasted transcript. */
export type ArticleSource = 'link' | 'transcript';

export interface ArticleFields {
  youtubeUrl: string;
  customTitle: string;
  /** Issue 24: the pasted transcript, sent instead of the link when that is the source. */
  transcript: string;
}

/**
 * Issue 24: the server's codes for "the captions could not be had" (YouTube unreachable or
 * refusing, the video unavailable or without captions, captions outside a transcript's limits):
 * the page then offers to paste the transcript instead.
 */
export const CAPTIONS_FAILURE_CODES: readonly string[] = [
  'TOOLS.YOUTUBE_UNREACHABLE',
  'TOOLS.YOUTUBE_REFUSED',
  'TOOLS.VIDEO_UNAVAILABLE',
  'TOOLS.NO_CAPTIONS',
  'TOOLS.TRANSCRIPT_TOO_SHORT',
  'TOOLS.TRANSCRIPT_TOO_LONG',
];

export interface YoutubeArticleState {
  phase: ArticlePhase;
  fields: ArticleFields;
  /** The message under the URL field; set on Generate, re-checked on every change after that. */
  urlError: string | null;
  source: ArticleSource;
  /** The message under the transcript field, as urlError. */
  transcriptError: string | null;
  /** Issue 24: why the last link's captions could not be had (the server's words), shown with the offer to paste. */
  captionsFailure: string | null;
  /** The article as the user edits it (the result). */
  article: string;
  /** The title the server gave. */
  title: string;
  writer: ArticleWriter | null;
}

export const EMPTY_FIELDS: ArticleFields = { youtubeUrl: '', customTitle: '', transcript: '' };

export const initialYoutubeArticleState: YoutubeArticleState = {
  phase: 'input',
  fields: EMPTY_FIELDS,
  urlError: null,
  source: 'link',
  transcriptError: null,
  captionsFailure: null,
  article: '',
  title: '',
  writer: null,
};

export type YoutubeArticleAction =
  | { type: 'fieldChanged'; field: keyof ArticleFields; value: string }
  /** Generate with a link that cannot be sent: the message goes under the field. */
  | { type: 'urlRejected'; message: string }
  /** Issue 24: "Paste a transcript instead" / "Use a YouTube link instead". */
  | { type: 'sourceChanged'; source: ArticleSource }
  | { type: 'transcriptRejected'; message: string }
  | { type: 'started' }
  | { type: 'succeeded'; result: GeneratedArticle }
  /** `captionsFailure`: the server's reason when the link's captions could not be had. */
  | { type: 'failed'; captionsFailure?: string | null }
  | { type: 'cancelled' }
  | { type: 'articleEdited'; article: string }
  /** "Generate Another": back to input with every field cleared. */
  | { type: 'generateAnother' };

export function youtubeArticleReducer(state: YoutubeArticleState, action: YoutubeArticleAction): YoutubeArticleState {
  switch (action.type) {
    case 'fieldChanged': {
      if (state.phase !== 'input') return state;
      const fields = { ...state.fields, [action.field]: action.value };
      // Once a message shows, it follows the typing (validate on submit, re-validate on change).
      if (action.field === 'youtubeUrl' && state.urlError !== null) {
        const check = checkYoutubeUrl(action.value);
        return { ...state, fields, urlError: check.ok ? null : check.message };
      }
      if (action.field === 'transcript' && state.transcriptError !== null) {
        const check = checkTranscript(action.value);
        return { ...state, fields, transcriptError: check.ok ? null : check.message };
      }
      return { ...state, fields };
    }
    case 'urlRejected':
      return state.phase === 'input' ? { ...state, urlError: action.message } : state;
    case 'sourceChanged':
      if (state.phase !== 'input' || state.source === action.source) return state;
      return { ...state, source: action.source, urlError: null, transcriptError: null, captionsFailure: null };
    case 'transcriptRejected':
      return state.phase === 'input' ? { ...state, transcriptError: action.message } : state;
    case 'started':
      return state.phase === 'input' ? { ...state, phase: 'processing', urlError: null, transcriptError: null, captionsFailure: null } : state;
    case 'succeeded':
      if (state.phase !== 'processing') return state;
      return {
        ...state,
        phase: 'result',
        article: action.result.article,
        title: action.result.title,
        writer: action.result.writer,
      };
    case 'failed':
      // Back to input with what the user typed still there.
      return state.phase === 'processing' ? { ...state, phase: 'input', captionsFailure: action.captionsFailure ?? null } : state;
    case 'cancelled':
      return state.phase === 'processing' ? { ...state, phase: 'input' } : state;
    case 'articleEdited':
      return state.phase === 'result' ? { ...state, article: action.article } : state;
    case 'generateAnother':
      return initialYoutubeArticleState;
  }
}

/**
 * The request body: the checked link, or (issue 24) the checked transcript instead; the title and
 * key only when given.
 */
export function articleRequest(
  input: string | { transcript: string },
  fields: Pick<ArticleFields, 'customTitle'> & Partial<ArticleFields>,
  openaiKey: string,
): YoutubeArticleRequest {
  const customTitle = fields.customTitle.trim();
  const key = openaiKey.trim();
  return {
    ...(typeof input === 'string' ? { youtubeUrl: input } : { transcript: input.transcript }),
    ...(customTitle ? { customTitle } : {}),
    ...(key ? { openaiKey: key } : {}),
  };
}

interface PendingRequest {
  abort(): void;
  unwrap(): Promise<GeneratedArticle>;
}

/**
 * The YouTube to Article page's state machine with its call and toasts (001 §4, §5, §8).
 * `generate` answers false (and shows why) when the link cannot be sent, true when it was sent.
 */
export function useYoutubeArticle() {
  const [state, dispatch] = useReducer(youtubeArticleReducer, initialYoutubeArticleState);
  const [generateArticle] = useGenerateYoutubeArticleMutation();
  // The request whose answer counts; a cancelled one's late answer is ignored.
  const active = useRef<PendingRequest | null>(null);

  useEffect(
    () => () => {
      active.current?.abort();
      active.current = null;
    },
    [],
  );

  const run = useCallback(
    async (request: PendingRequest) => {
      try {
        const result = await request.unwrap();
        if (active.current !== request) return;
        active.current = null;
        dispatch({ type: 'succeeded', result });
        toast.success(GENERATED_MESSAGE);
      } catch (error) {
        if (active.current !== request) return;
        active.current = null;
        const code = getErrorCode(error);
        dispatch({ type: 'failed', captionsFailure: code && CAPTIONS_FAILURE_CODES.includes(code) ? (serverMessage(error) ?? null) : null });
        notifyError(GENERATE_FAILED_TITLE, { description: withReason(GENERATE_FAILED_MESSAGE, serverMessage(error)) });
      }
    },
    [],
  );

  const generate = useCallback(
    (openaiKey: string): boolean => {
      if (state.phase !== 'input' || active.current) return false;
      let input: string | { transcript: string };
      if (state.source === 'transcript') {
        const check = checkTranscript(state.fields.transcript);
        if (!check.ok) {
          dispatch({ type: 'transcriptRejected', message: check.message });
          return false;
        }
        input = { transcript: check.text };
      } else {
        const check = checkYoutubeUrl(state.fields.youtubeUrl);
        if (!check.ok) {
          dispatch({ type: 'urlRejected', message: check.message });
          if (check.reason === 'empty') notifyError('Error', { description: EMPTY_URL_MESSAGE });
          return false;
        }
        input = check.url;
      }
      dispatch({ type: 'started' });
      const request = generateArticle(articleRequest(input, state.fields, openaiKey));
      active.current = request;
      void run(request);
      return true;
    },
    [state.phase, state.source, state.fields, generateArticle, run],
  );

  const cancel = useCallback(() => {
    const request = active.current;
    active.current = null;
    request?.abort();
    dispatch({ type: 'cancelled' });
  }, []);

  const setField = useCallback(
    (field: keyof ArticleFields, value: string) => dispatch({ type: 'fieldChanged', field, value }),
    [],
  );
  const setSource = useCallback((source: ArticleSource) => dispatch({ type: 'sourceChanged', source }), []);
  const editArticle = useCallback((article: string) => dispatch({ type: 'articleEdited', article }), []);
  const generateAnother = useCallback(() => dispatch({ type: 'generateAnother' }), []);

  return { state, setField, setSource, generate, cancel, editArticle, generateAnother };
}
