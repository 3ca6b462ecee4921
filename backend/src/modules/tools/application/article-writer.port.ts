/** What an article is written from. */
export interface ArticleSource {
  /** The title the user typed, or null. */
  customTitle: string | null;
  /** The video's title, when known. */
  videoTitle: string | null;
  /** The captions' language (the article is written in it). */
  language: string;
  /** The cleaned caption lines, in order; never empty. */
  segments: string[];
}

/** A written article: plain text whose first line is `title`. */
export interface WrittenArticle {
  title: string;
  /**
   * Plain text: the title on the first line, blank lines between paragraphs, section headings on
   * their own lines (the HTTP contract of issue 13).
   */
  article: string;
}

/** Turns a transcript into an article (D33): OpenAI with a key, or the local writer without one. */
export interface ArticleWriter {
  write(source: ArticleSource, signal?: AbortSignal): Promise<WrittenArticle>;
}

/**
 * The writers to choose from for one request (D33): OpenAI with the key of that request (the
 * user's, else the server's; used for that request only, never kept), or the local writer.
 */
export interface ArticleWriters {
  openai(apiKey: string): ArticleWriter;
  readonly local: ArticleWriter;
}

export const ARTICLE_WRITERS = Symbol('ARTICLE_WRITERS');
