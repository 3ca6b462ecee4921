import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import type { ApiAnswer, ApiBody } from '../../../shared/api/contract';
import { everyValueOf, fieldsOf, parseResponse, type SchemaOf } from '../../../shared/api/parse-response';

type ArticleBody = ApiBody<'/api/youtube-to-article', 'post'>;

/**
 * POST /api/youtube-to-article (001 §3, §7; D33): the server's body, with what the server checks
 * said in the type too: issue 24's `transcript` (a pasted transcript) instead of `youtubeUrl`,
 * exactly one of the two. Empty optional fields are left out; `openaiKey` is the user's own key,
 * from this browser's storage (`openai_api_key`), never stored by us.
 */
export type YoutubeArticleRequest = Omit<ArticleBody, 'youtubeUrl' | 'transcript'> &
  ({ youtubeUrl: string; transcript?: never } | { transcript: string; youtubeUrl?: never });

export type GeneratedArticle = ApiAnswer<'/api/youtube-to-article', 'post'>;

/** Who wrote the article: OpenAI, or the built-in writer that needs no model (D33). */
export type ArticleWriter = GeneratedArticle['writer'];

/**
 * An answer without an article is a failure the page reports (001 §8); a missing title reads as
 * '', and an unknown or missing writer shows no "written without an AI model" notice.
 */
const articleAnswerSchema = z.object(
  fieldsOf<GeneratedArticle>()({
    article: z.string(),
    title: z.catch(z.string(), ''),
    writer: z.catch(z.enum(everyValueOf<ArticleWriter>()(['openai', 'local'])), 'openai'),
  }),
) satisfies SchemaOf<GeneratedArticle>;

export const toolsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Signed in only (401 otherwise); 10 an hour per user; errors carry a message to show. */
    generateYoutubeArticle: build.mutation<GeneratedArticle, YoutubeArticleRequest>({
      query: (body) => ({ url: '/youtube-to-article', method: 'POST', body }),
      transformResponse: parseResponse(articleAnswerSchema),
    }),
  }),
});

export const { useGenerateYoutubeArticleMutation } = toolsApi;
