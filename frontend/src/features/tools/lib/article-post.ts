/**
 * Turns the article the user edited (plain text, as POST /api/youtube-to-article writes it: the
 * title on the first line, blank lines between paragraphs, section headings on their own lines)
 * into a WordPress post: the title, and the rest as HTML paragraphs and headings. Every piece of
 * text is HTML-escaped, so nothing the user typed becomes markup.
 */

export interface ArticlePost {
  title: string;
  content: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const MARKDOWN_HEADING = /^#{1,6}\s+/;
const MAX_HEADING_LENGTH = 100;
const MAX_HEADING_WORDS = 14;

/**
 * A line that reads as a heading: a Markdown "## heading", or a short line that does not end
 * like a sentence (a period, comma, semicolon or colon).
 */
export function isHeadingLine(line: string): boolean {
  const text = line.trim();
  if (text === '') return false;
  if (MARKDOWN_HEADING.test(text)) return true;
  return text.length <= MAX_HEADING_LENGTH && text.split(/\s+/).length <= MAX_HEADING_WORDS && !/[.,;:]$/.test(text);
}

function headingText(line: string): string {
  return line.trim().replace(MARKDOWN_HEADING, '');
}

function paragraph(lines: readonly string[]): string {
  return `<p>${lines.map((line) => escapeHtml(line.trim())).join('<br />')}</p>`;
}

function blockHtml(block: string): string {
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  if (first === undefined) return '';
  if (!isHeadingLine(first)) return paragraph(lines);
  const heading = `<h2>${escapeHtml(headingText(first))}</h2>`;
  return rest.length > 0 ? `${heading}\n${paragraph(rest)}` : heading;
}

/**
 * The post for `article`. Its first line is the title when it reads as one; otherwise the title
 * is `fallbackTitle` (the title the server gave) and every line goes into the content.
 */
export function articleToPost(article: string, fallbackTitle: string): ArticlePost {
  const lines = article.replace(/\r\n?/g, '\n').split('\n');
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  const firstLine = firstIndex === -1 ? '' : (lines[firstIndex] ?? '');
  const firstIsTitle = firstLine !== '' && isHeadingLine(firstLine);
  const title = firstIsTitle ? headingText(firstLine) : fallbackTitle.trim();
  const body = firstIsTitle ? lines.slice(firstIndex + 1).join('\n') : lines.join('\n');
  const content = body
    .split(/\n[^\S\n]*\n/)
    .map(blockHtml)
    .filter((html) => html !== '')
    .join('\n');
  return { title: title || 'Untitled article', content };
}
