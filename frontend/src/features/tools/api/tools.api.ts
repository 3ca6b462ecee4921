import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import { parseResponse } from '../../../shared/api/parse-response';

/**
 * POST /api/youtube-to-article (001 §3, §7; D33). Empty optional fields are left out. Issue 24:
 * `transcript` (a pasted transcript) instead of `youtubeUrl`, exactly one of the two.
 */
export type YoutubeArticleRequest = ({ youtubeUrl: string; transcript?: never } | { transcript: string; youtubeUrl?: never }) & ArticleOptions;

interface ArticleOptions {
  customTitle?: string;
  /** The user's own OpenAI key, from this browser's storage (`openai_api_key`); never stored by us. */
  openaiKey?: string;
}

/** Who wrote the article: OpenAI, or the built-in writer that needs no model (D33). */
export type ArticleWriter = 'openai' | 'local';

const articleAnswerSchema = z.object({
  article: z.string(),
  title: z.catch(z.string(), ''),
  // An unknown or missing writer shows no "written without an AI model" notice.
  writer: z.catch(z.enum(['openai', 'local']), 'openai'),
});
export type GeneratedArticle = z.output<typeof articleAnswerSchema>;

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
