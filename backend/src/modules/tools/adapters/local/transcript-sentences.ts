/**
 * Captions → clean sentences, without a model (the local writer, D33). Captions written by people
 * carry punctuation; automatic ones usually carry none, so sentences are then made from caption
 * lines (about 10-25 words, ending where a line ends, or before "so", "but", "now" …).
 */

const SENTENCE_END = /[.!?…。！？]/;
/** Words a sentence may end with a full stop after without ending there ("Mr. Smith", "e.g. this"). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'vs', 'etc', 'e.g', 'i.e', 'no', 'jr', 'sr', 'inc', 'ltd', 'co', 'approx', 'min', 'max']);
const MIN_WORDS_UNPUNCTUATED = 10;
const MAX_WORDS_UNPUNCTUATED = 25;
/** In unpunctuated captions, a line starting with one of these starts a new sentence. */
const SENTENCE_STARTERS = /^(so|but|now|and so|and then|okay|ok|alright|all right|because|then|first|second|third|finally|next|also|anyway|well)\b/i;

export function isEnglish(language: string): boolean {
  return /^en\b/i.test(language) || language === 'und';
}

/** The captions as clean sentences (see cleanSentence); fillers-only and empty ones dropped. */
export function transcriptSentences(segments: string[], language: string): string[] {
  const english = isEnglish(language);
  const raw = isPunctuated(segments) ? splitPunctuated(segments.join(' ')) : groupUnpunctuated(segments);
  return raw.map((s) => cleanSentence(s, english)).filter((s) => s !== '' && !isNoise(s, english));
}

/** True when the captions have sentence punctuation: at least one mark per 40 words. */
function isPunctuated(segments: string[]): boolean {
  const text = segments.join(' ');
  const words = countWords(text);
  const marks = (text.match(/[.!?…。！？](?=\s|$)/g) ?? []).length;
  return words > 0 && marks * 40 >= words;
}

function splitPunctuated(text: string): string[] {
  const sentences: string[] = [];
  let current = '';
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    current = current ? `${current} ${token}` : token;
    const bare = token.replace(/["”’')\]]+$/, '');
    const ends = SENTENCE_END.test(bare.slice(-1));
    const abbreviation = bare.endsWith('.') && (ABBREVIATIONS.has(bare.slice(0, -1).toLowerCase()) || /^\p{L}\.$/u.test(bare));
    if (ends && !abbreviation) {
      sentences.push(current);
      current = '';
    }
  }
  if (current) sentences.push(current);
  return sentences;
}

function groupUnpunctuated(segments: string[]): string[] {
  const sentences: string[] = [];
  let current: string[] = [];
  let words = 0;
  const close = () => {
    if (current.length) sentences.push(current.join(' '));
    current = [];
    words = 0;
  };
  for (const segment of segments) {
    const n = countWords(segment);
    if (words >= MIN_WORDS_UNPUNCTUATED / 2 && SENTENCE_STARTERS.test(segment.trim())) close();
    if (words > 0 && words + n > MAX_WORDS_UNPUNCTUATED) close();
    current.push(segment);
    words += n;
    if (words >= MIN_WORDS_UNPUNCTUATED) close();
  }
  close();
  return sentences;
}

export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []).length;
}

/**
 * Hesitations that carry no meaning (English captions only: "er" is a word in German), with the
 * commas around them ("lasts, um, about" → "lasts about").
 */
const FILLERS = /(?:^|[\s,]+)(?:u+m+|u+h+m*|e+r+m+|h+m+|a+h+|e+h+)(?=[\s,.!?]|$),?/giu;
/** "you know" as a filler: not "do you know", "you know what/how/that …". */
const YOU_KNOW =
  /(?:^|[\s,]+)(?<!\b(?:do|did|don't|didn't|if|as|would|will|should|could|you|I|we|they|what|how)[\s,]+)you know(?!\s+(?:what|how|why|that|where|when|who|whether|if|the|a|an|him|her|them|this|these|those|about|me|us|my|your|more|nothing|something|anything)(?![\p{L}'’]))(?=[\s,.!?]|$),?/giu;
const I_MEAN = /(^\s*|[.!?]\s+)I mean,\s*/g;
const RESTART = /(?<![\p{L}'’])((?:I|we|you|they|he|she|it)(?:['’]\p{L}+)?(?: [\p{L}'’]+){1,2})(?:,? \1)+(?![\p{L}'’])/giu;
/** "Okay, so …", "Alright …" opening a sentence. */
const OPENERS = /^\s*(?:okay|ok|alright|all right|right)\b,?\s*(?:so\b,?\s*)?(?=\p{L})/iu;
/** Requests to like and subscribe, and the goodbyes: no article needs them. */
const CHANNEL_PLUG =
  /\b(like and subscribe|subscribe to (my|our|the) channel|hit (that|the) (bell|like button|subscribe button)|smash (that|the) like|don't forget to subscribe|thanks? (you )?(so much )?for watching|see you (all )?(in the )?next (time|video|one|week))\b/i;
/** Sentences that are only acknowledgements. */
const ACKNOWLEDGEMENTS = new Set(['okay', 'ok', 'yeah', 'yes', 'yep', 'so', 'right', 'alright', 'all', 'well', 'oh', 'hey', 'hi', 'hello', 'wow', 'cool', 'and', 'but', 'guys', 'um', 'uh']);

/**
 * One sentence made readable: fillers ("um", "uh", "you know") taken out, repeated words ("the
 * the", "I I") and repeated phrases collapsed, "i" written "I", spaces before punctuation and
 * doubled marks removed, the first letter capitalised and a full stop added when it has none.
 */
export function cleanSentence(text: string, english = true): string {
  let s = ` ${text.replace(/\s+/g, ' ').trim()} `;
  if (english) {
    s = s.replace(FILLERS, ' ');
    s = s.replace(YOU_KNOW, ' ');
    s = s.replace(I_MEAN, '$1');
    s = s.replace(OPENERS, '');
    s = s.replace(/(?<![\p{L}\p{N}.'’])i(?=[\s,;:!?]|\.(?!\p{L})|['’](?:m|ve|ll|d)\b|$)/gu, 'I');
  }
  // Restarts: a phrase opened by a pronoun said twice ("I think I think", "we need to we need
  // to"; English only: "the first crack the first crack means" is two sentences run together),
  // then any word said twice in a row ("the the", "très très").
  if (english) s = s.replace(RESTART, '$1');
  s = s.replace(/(?<![\p{L}\p{N}'’])([\p{L}\p{N}'’]+)(?:[\s,]+\1)+(?![\p{L}\p{N}'’])/giu, '$1');
  s = s
    .replace(/\s+([,.!?;:…])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/[,;:]+(?=[.!?…])/g, '')
    .replace(/([!?])\1+/g, '$1')
    .replace(/\.{4,}/g, '...')
    .replace(/([,;:!?])(?=[\p{L}])/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s,.;:!?…-]+/, '')
    .replace(/[\s,;:-]+$/, '');
  if (!/[\p{L}\p{N}]/u.test(s)) return '';
  s = s.replace(/^(["“'‘(]*)(\p{Ll})/u, (_m, open: string, first: string) => `${open}${first.toUpperCase()}`);
  if (!/[.!?…。！？]["”’')]*$/.test(s)) s = `${s}.`;
  return s;
}

function isNoise(sentence: string, english: boolean): boolean {
  if (!english) return false;
  if (CHANNEL_PLUG.test(sentence)) return true;
  const words = sentence.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  return words.every((w) => ACKNOWLEDGEMENTS.has(w));
}
