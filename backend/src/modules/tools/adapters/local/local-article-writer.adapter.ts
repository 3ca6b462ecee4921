import type { ArticleSource, ArticleWriter, WrittenArticle } from '../../application/article-writer.port';
import { articleTitle } from '../../domain/article';
import { NoCaptionsError } from '../../domain/tools-errors';
import { contentWords, headingOf, sectionKeyWords } from './key-words';
import { countWords, isEnglish, transcriptSentences } from './transcript-sentences';

/** The last line of every article the local writer writes (issue 13's contract). */
export const LOCAL_WRITER_NOTE =
  "Note: this article was written from the video's captions without an AI model. Add your OpenAI API key for a polished article.";

const PARAGRAPH_MIN_WORDS = 60;
const PARAGRAPH_MAX_WORDS = 120;
const PARAGRAPH_MAX_SENTENCES = 6;

/**
 * The ArticleWriter that needs no model (D33): the title (the user's, else the video's, else
 * "Article from YouTube video"), an introduction, the captions as clean sentences grouped into
 * paragraphs, three or four paragraphs to a section under a heading made of the section's key
 * words ("Part N" when it has none, or when the captions are not in English), and a last line
 * saying how it was written.
 */
export class LocalArticleWriter implements ArticleWriter {
  write(source: ArticleSource): Promise<WrittenArticle> {
    return Promise.resolve(writeLocally(source));
  }
}

export function writeLocally(source: ArticleSource): WrittenArticle {
  const title = articleTitle(source.customTitle, source.videoTitle);
  const english = isEnglish(source.language);
  const sentences = transcriptSentences(source.segments, source.language);
  if (sentences.length === 0) throw new NoCaptionsError();

  const paragraphs = toParagraphs(sentences);
  // English captions get a written introduction; others open with their first paragraph.
  const introduction = english ? null : paragraphs.shift()!;
  const sections = toSections(paragraphs);
  const keyWords = english ? sectionKeyWords(sections.map((s) => s.join(' '))) : sections.map(() => []);
  const headings = distinct(keyWords.map((words, i) => (words.length ? headingOf(words) : `Part ${i + 1}`)));

  const blocks = [title, introduction ?? englishIntroduction(source.videoTitle, keyWords, sentences)];
  sections.forEach((section, i) => blocks.push(headings[i], ...section));
  blocks.push(LOCAL_WRITER_NOTE);
  return { title, article: blocks.join('\n\n') };
}

function toParagraphs(sentences: string[]): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const n = countWords(sentence);
    if (current.length && words + n > PARAGRAPH_MAX_WORDS) {
      paragraphs.push(current.join(' '));
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += n;
    if ((words >= PARAGRAPH_MIN_WORDS && current.length >= 3) || current.length >= PARAGRAPH_MAX_SENTENCES) {
      paragraphs.push(current.join(' '));
      current = [];
      words = 0;
    }
  }
  if (current.length) {
    // A short tail joins the paragraph before it.
    if (paragraphs.length && words < PARAGRAPH_MIN_WORDS / 2) paragraphs[paragraphs.length - 1] += ` ${current.join(' ')}`;
    else paragraphs.push(current.join(' '));
  }
  return paragraphs;
}

/** Paragraphs shared out evenly into sections of about three (four in long articles). */
function toSections(paragraphs: string[]): string[][] {
  if (paragraphs.length === 0) return [];
  const perSection = paragraphs.length > 40 ? 4 : 3;
  const count = Math.ceil(paragraphs.length / perSection);
  const sections: string[][] = [];
  let start = 0;
  for (let i = 0; i < count; i += 1) {
    const size = Math.floor(paragraphs.length / count) + (i < paragraphs.length % count ? 1 : 0);
    sections.push(paragraphs.slice(start, start + size));
    start += size;
  }
  return sections;
}

function englishIntroduction(videoTitle: string | null, keyWords: string[][], sentences: string[]): string {
  const opening = videoTitle ? `This article is based on the YouTube video “${videoTitle}”.` : 'This article is based on a YouTube video.';
  const topics: string[] = [];
  for (const words of keyWords) {
    const word = words.find((w) => !topics.includes(w));
    if (word) topics.push(word);
    if (topics.length === 4) break;
  }
  if (topics.length === 0) {
    // Too short for key words of its own: the most frequent content words of the whole text.
    const counts = new Map<string, number>();
    for (const w of contentWords(sentences.join(' '))) counts.set(w, (counts.get(w) ?? 0) + 1);
    topics.push(...[...counts.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([w]) => w));
  }
  if (topics.length === 0) return `${opening} It follows what is said in the video, in order.`;
  const list = topics.length === 1 ? topics[0] : `${topics.slice(0, -1).join(', ')} and ${topics[topics.length - 1]}`;
  return `${opening} It covers ${list}, following what is said in the video, in order.`;
}

/** Headings made unique: a repeated one gets its part number. */
function distinct(headings: string[]): string[] {
  const seen = new Set<string>();
  return headings.map((h, i) => {
    const heading = seen.has(h.toLowerCase()) ? `${h} (Part ${i + 1})` : h;
    seen.add(heading.toLowerCase());
    return heading;
  });
}
