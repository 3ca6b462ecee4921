import { NoCaptionsError } from '../../domain/tools-errors';
import { LOCAL_WRITER_NOTE, LocalArticleWriter, writeLocally } from './local-article-writer.adapter';

/** Automatic captions as YouTube sends them: lower case, no punctuation, fillers and all. */
const COFFEE = [
  'so um today we are going to talk about coffee',
  'and uh how to roast coffee beans at home',
  "you know it's it's really not that hard",
  'first you need green coffee beans which you can buy online',
  'the the beans are cheap and they keep for a year',
  'then you need a roaster or a simple pan',
  'i use a pan because the pan is cheap',
  "okay so let's start roasting the beans",
  'put the beans in the pan on medium heat',
  'keep the beans moving in the pan all the time',
  'after about five minutes you hear the first crack',
  'the first crack means the roast is light',
  'if you want a darker roast wait for the second crack',
  'now we cool the beans in a metal colander',
  'cooling matters because hot beans keep roasting',
  'shake the colander until the beans are cool',
  'then let the beans rest for a day before brewing',
  'brewing fresh beans gives the best cup of coffee',
  "don't forget to like and subscribe",
  'thanks for watching',
];

function blocks(article: string): string[] {
  return article.split('\n\n');
}

describe('the local article writer (D33)', () => {
  it('writes the title, an introduction, sections with headings, and the note as the last line', () => {
    const { title, article } = writeLocally({ customTitle: null, videoTitle: 'Roasting Coffee at Home', language: 'en', segments: [...COFFEE, ...COFFEE] });
    expect(title).toBe('Roasting Coffee at Home');
    const parts = blocks(article);
    expect(parts[0]).toBe('Roasting Coffee at Home');
    expect(parts[1]).toMatch(/^This article is based on the YouTube video “Roasting Coffee at Home”\. It covers .*beans/);
    expect(parts[parts.length - 1]).toBe(LOCAL_WRITER_NOTE);
    expect(LOCAL_WRITER_NOTE).toMatch(/captions without an AI model/);
    expect(LOCAL_WRITER_NOTE).toMatch(/OpenAI API key for a polished article/);
    // Headings: short lines without a full stop, made of the section's key words.
    const headings = parts.slice(2, -1).filter((b) => !/[.!?]$/.test(b));
    expect(headings.length).toBeGreaterThanOrEqual(2);
    expect(headings[0]).toMatch(/Beans|Coffee|Roast|Pan/);
    for (const h of headings) expect(h.split(' ').length).toBeLessThanOrEqual(8);
    expect(new Set(headings).size).toBe(headings.length);
    // Every other block is a paragraph of whole, capitalised sentences.
    const paragraphs = parts.slice(2, -1).filter((b) => /[.!?]$/.test(b));
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    for (const p of paragraphs) expect(p).toMatch(/^[A-Z]/);
  });

  it('cleans the sentences: fillers and repeats out, capitals and full stops in, channel plugs dropped', () => {
    const { article } = writeLocally({ customTitle: null, videoTitle: null, language: 'en', segments: COFFEE });
    expect(article).not.toMatch(/\bum\b|\buh\b/i);
    expect(article).not.toMatch(/\byou know\b/i);
    expect(article).not.toMatch(/\bthe the\b|it's it's/i);
    expect(article).toMatch(/it's really not that hard\./i);
    // Two mentions of a phrase in a row across caption lines are two sentences, not a stutter.
    expect(article).toMatch(/you hear the first crack.{0,3}the first crack means the roast is light\./i);
    expect(article).toMatch(/\bI use a pan\b/);
    expect(article).not.toMatch(/subscribe|thanks for watching/i);
    expect(article).toMatch(/^Article from YouTube video\n\nThis article is based on a YouTube video\./);
  });

  it('keeps the punctuation of captions written by people', () => {
    const { article } = writeLocally({
      customTitle: 'My camera review',
      videoTitle: 'Ignored',
      language: 'en-GB',
      segments: ['Hello everyone, and welcome back.', "Today, um, we're looking at the the new camera.", "It's got a 24 megapixel sensor!", 'The battery lasts, you know, about 400 shots.', 'Do you know the best part? I think I think it is the price.'],
    });
    const parts = blocks(article);
    expect(parts[0]).toBe('My camera review');
    expect(article).toContain("Today we're looking at the new camera.");
    expect(article).toContain("It's got a 24 megapixel sensor!");
    expect(article).toContain('The battery lasts about 400 shots.');
    expect(article).toContain('Do you know the best part? I think it is the price.');
  });

  it('writes captions in another language in that language, with numbered parts', () => {
    const segments = Array.from({ length: 30 }, (_, i) => `Hoy cocinamos una paella muy muy rica con arroz número ${i + 1}.`);
    const { title, article } = writeLocally({ customTitle: null, videoTitle: 'Receta de paella', language: 'es', segments });
    expect(title).toBe('Receta de paella');
    const parts = blocks(article);
    expect(parts[1]).toMatch(/^Hoy cocinamos una paella muy rica con arroz número 1\./);
    expect(parts).toContain('Part 1');
    expect(parts[parts.length - 1]).toBe(LOCAL_WRITER_NOTE);
  });

  it('refuses captions with nothing to write (never an empty article)', () => {
    expect(() => writeLocally({ customTitle: null, videoTitle: null, language: 'en', segments: ['um', 'uh', 'okay', 'yeah'] })).toThrow(NoCaptionsError);
  });

  it('is an ArticleWriter', async () => {
    const written = await new LocalArticleWriter().write({ customTitle: null, videoTitle: 'T', language: 'en', segments: ['One short line about bread and butter.'] });
    expect(written.title).toBe('T');
    expect(written.article.startsWith('T\n\n')).toBe(true);
    expect(written.article.endsWith(LOCAL_WRITER_NOTE)).toBe(true);
  });
});
