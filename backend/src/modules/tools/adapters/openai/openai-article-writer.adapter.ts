import { Logger } from '@nestjs/common';
import OpenAI, { APIConnectionError, APIError, APIUserAbortError, AuthenticationError, PermissionDeniedError, RateLimitError } from 'openai';
import { DomainError } from '../../../../shared/errors/domain-error';
import type { ArticleSource, ArticleWriter, WrittenArticle } from '../../application/article-writer.port';
import { articleTitle } from '../../domain/article';
import { OpenaiKeyRefusedError, OpenaiNoCreditError, OpenaiUnavailableError } from '../../domain/tools-errors';
import type { OpenaiSettings } from '../../tools.config';
import { plainArticle } from './article-text';
import { transcriptChunks } from './transcript-chunks';

/** Chunk notes written at once for a long transcript. */
const NOTES_IN_PARALLEL = 3;
/** A Retry-After longer than this is not waited for in full. */
const MAX_RETRY_WAIT_MS = 20_000;

const ARTICLE_FORMAT = [
  'Answer with plain text only, no Markdown: no #, no asterisks, no bullet symbols, no numbered headings.',
  'The first line is the title of the article.',
  'Then an introduction paragraph, then sections: each section has a short heading on its own line, followed by its paragraphs.',
  'Put one blank line between the title, every heading and every paragraph.',
].join(' ');

const WRITER_ROLE =
  'You turn the captions of a YouTube video into a well-written, readable article. Keep the facts, ideas, names, figures and examples of the video; ' +
  'leave out filler, repetitions, greetings, sponsor messages and requests to like or subscribe; do not invent anything the video does not say.';

const NOTES_ROLE =
  'You take notes on one part of the captions of a YouTube video, for a writer who will turn the notes on every part into one article. ' +
  'Write the main points, facts, figures, names, examples and memorable quotes of this part, in order, as short plain-text lines. ' +
  'No introduction and no conclusion; leave out filler, greetings, sponsor messages and requests to like or subscribe.';

/**
 * ArticleWriter on the official `openai` SDK (D33), for one request and one key: the user's (from
 * the browser, for this request only) or the server's OPENAI_API_KEY. A transcript up to
 * OPENAI_CHUNK_CHARS characters is written in one call; a longer one is cut into chunks, each
 * summarised into notes, and the article is written from the notes.
 *
 * Failures: 401/403 → OpenaiKeyRefusedError, 429 insufficient_quota → OpenaiNoCreditError (neither
 * retried); a 429 rate limit is retried OPENAI_RATE_LIMIT_RETRIES times with exponential backoff
 * from OPENAI_RETRY_BASE_MS; 5xx, a time-out, a refused connection, or a rate limit that outlasts
 * the retries → OpenaiUnavailableError. The SDK's own errors (whose messages quote a masked key)
 * are never passed on or logged: only their status and code are.
 */
export class OpenaiArticleWriter implements ArticleWriter {
  private readonly client: OpenAI;

  constructor(
    private readonly settings: OpenaiSettings,
    apiKey: string,
    private readonly logger: Logger = new Logger(OpenaiArticleWriter.name),
  ) {
    this.client = new OpenAI({
      apiKey,
      baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
      maxRetries: 0,
      timeout: settings.timeoutMs,
      // Nothing of the server's environment (OPENAI_ORG_ID, OPENAI_PROJECT_ID, OPENAI_LOG) goes
      // with a user's key, and the SDK logs nothing.
      organization: null,
      project: null,
      logLevel: 'off',
      logger: { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined },
    });
  }

  async write(source: ArticleSource, signal?: AbortSignal): Promise<WrittenArticle> {
    const chunks = transcriptChunks(source.segments, this.settings.chunkChars);
    const language = `Write in the language of the captions (language code "${source.language}").`;
    const titleLine = source.customTitle
      ? `Use exactly this title: ${source.customTitle}`
      : source.videoTitle
        ? `The video is called "${source.videoTitle}". Give the article a clear title of its own.`
        : 'Give the article a clear title.';

    let material: string;
    if (chunks.length <= 1) {
      material = `The captions:\n\n${chunks[0] ?? ''}`;
    } else {
      const notes = await inBatches(chunks, NOTES_IN_PARALLEL, (chunk, i) =>
        this.complete(
          [
            { role: 'system', content: `${NOTES_ROLE} ${language}` },
            { role: 'user', content: `Part ${i + 1} of ${chunks.length} of the captions:\n\n${chunk}` },
          ],
          signal,
        ),
      );
      material = `Notes on the whole video, part by part, in order:\n\n${notes.map((n, i) => `Part ${i + 1}:\n${n.trim()}`).join('\n\n')}`;
    }
    const answer = await this.complete(
      [
        { role: 'system', content: `${WRITER_ROLE} ${language} ${ARTICLE_FORMAT}` },
        { role: 'user', content: `${titleLine}\n\n${material}` },
      ],
      signal,
    );
    const written = plainArticle(answer, source.customTitle, articleTitle(null, source.videoTitle));
    if (written.article.trim() === written.title.trim()) throw this.unavailable('an answer with no article in it');
    return written;
  }

  /** One chat completion, with the rate-limit retries; its text, never empty. */
  private async complete(messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[], signal?: AbortSignal): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const completion = await this.client.chat.completions.create({ model: this.settings.model, messages }, { signal });
        const text = completion.choices?.[0]?.message?.content ?? '';
        if (text.trim() === '') throw this.unavailable('an empty answer');
        return text;
      } catch (e) {
        if (e instanceof DomainError) throw e;
        if (e instanceof RateLimitError && !isNoCredit(e) && attempt < this.settings.rateLimitRetries && !signal?.aborted) {
          const wait = Math.max(this.settings.retryBaseMs * 2 ** attempt, Math.min(retryAfterMs(e) ?? 0, MAX_RETRY_WAIT_MS));
          this.logger.warn(`OpenAI rate limit (429 ${e.code ?? ''}): try ${attempt + 2} of ${this.settings.rateLimitRetries + 1} in ${wait} ms`);
          await sleep(wait, signal);
          continue;
        }
        throw this.mapped(e);
      }
    }
  }

  /** The SDK's error as ours; only its class, status, type and code are ever logged. */
  private mapped(e: unknown): DomainError {
    if (e instanceof AuthenticationError || e instanceof PermissionDeniedError) return new OpenaiKeyRefusedError();
    if (e instanceof RateLimitError && isNoCredit(e)) return new OpenaiNoCreditError();
    if (e instanceof APIUserAbortError) return this.unavailable('the request was abandoned (the client left)');
    if (e instanceof APIConnectionError) return this.unavailable(e.constructor.name);
    if (e instanceof APIError) return this.unavailable(`${e.status ?? 'no status'} ${e.type ?? ''} ${e.code ?? ''}`.trim());
    return this.unavailable(e instanceof Error ? e.name : typeof e);
  }

  private unavailable(what: string): OpenaiUnavailableError {
    this.logger.warn(`OpenAI did not write the article: ${what}`);
    return new OpenaiUnavailableError();
  }
}

/** OpenAI's "no credit left": a 429 with code (and type) insufficient_quota. */
function isNoCredit(e: RateLimitError): boolean {
  return e.code === 'insufficient_quota' || e.type === 'insufficient_quota';
}

/** retry-after-ms, else retry-after in seconds, when OpenAI sends them. */
function retryAfterMs(e: APIError): number | null {
  const ms = Number(e.headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(e.headers?.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `work` on every item, at most `size` at once, results in the items' order; stops at a failure. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await work(items[i], i);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}
