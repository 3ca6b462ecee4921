import { oneLine } from '../../domain/article';

/**
 * A model's answer → the article format of the HTTP contract: plain text, the title on the first
 * line, one blank line between paragraphs and headings. Markdown the model used anyway (`# `,
 * `**bold**`, `Title:`) is taken off. The model's first line is the title, unless `forcedTitle`
 * (the user's) replaces it; `fallbackTitle` when the model wrote none.
 */
export function plainArticle(answer: string, forcedTitle: string | null, fallbackTitle: string): { title: string; article: string } {
  const lines = answer
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .replace(/__(.+?)__/g, '$1')
        .replace(/^\s*(\*|-|•)\s+(?=\S)/, '- ')
        .replace(/[ \t]+$/g, ''),
    );
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(paragraph.join('\n').trim());
    paragraph = [];
  };
  for (const line of lines) {
    if (line.trim() === '' || /^-{3,}$|^\*{3,}$/.test(line.trim())) flush();
    else paragraph.push(line.trim());
  }
  flush();
  // The first block's first line is the title; anything after it on the next lines is a paragraph.
  const [first = '', ...rest] = blocks;
  const [firstLine = '', ...restOfFirst] = first.split('\n');
  const modelTitle = oneLine(firstLine.replace(/^title\s*:\s*/i, '').replace(/^["“](.*)["”]$/, '$1'));
  const body = [restOfFirst.join('\n').trim(), ...rest].filter((b) => b !== '');
  const finalTitle = forcedTitle ?? (modelTitle || fallbackTitle);
  return { title: finalTitle, article: [finalTitle, ...body].join('\n\n') };
}
