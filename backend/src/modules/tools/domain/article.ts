/** D33: what an article is called, whoever writes it. Plain rules, no framework. */

/** When the user gives no title and YouTube gives none either. */
export const DEFAULT_ARTICLE_TITLE = 'Article from YouTube video';
/** The longest custom title the page accepts. */
export const CUSTOM_TITLE_MAX = 200;

/** The user's title if they gave one, else the video's, else DEFAULT_ARTICLE_TITLE. */
export function articleTitle(customTitle: string | null | undefined, videoTitle: string | null | undefined): string {
  const custom = oneLine(customTitle);
  if (custom) return custom;
  const video = oneLine(videoTitle);
  return video || DEFAULT_ARTICLE_TITLE;
}

/** A title on one line: whitespace (line breaks included) collapsed, trimmed. */
export function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
