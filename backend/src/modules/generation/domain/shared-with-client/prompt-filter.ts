/**
 * The prompt filter of 000 §5, one module for the server (POST /api/content-filter and inside
 * POST /api/generate, D13) and the client (live while typing, through the `@generation-rules`
 * alias). Plain TypeScript, no imports. Case-insensitive.
 *
 * 1. A keyword or phrase from the list → "This prompt contains inappropriate content…"
 *    (client category local_keyword).
 * 2. A pattern → "This prompt violates our content policy…" (client category local_pattern).
 * The server reports the matched topic as its category (sexual_content, violence, hate).
 *
 * Before matching, the prompt is normalised (issue 9, see normalizePromptVariants) so that common
 * disguises are caught: "nu\u200bde", "nud\u0435" (Cyrillic e), "n.u.d.e", "n u d e", "t0pless".
 * The rules run on the prompt as typed and on each normalised form; any match blocks.
 */
export const KEYWORD_MESSAGE = 'This prompt contains inappropriate content. Please rephrase and try again.';
export const PATTERN_MESSAGE = 'This prompt violates our content policy. Please rephrase and try again.';

export type PromptTopic = 'sexual_content' | 'violence' | 'hate';

export interface PromptFilterResult {
  isBlocked: boolean;
  reason: string | null;
  category: string | null;
}

/** About 60 words and phrases (000 §5), by topic. The phrases are the spec's, verbatim. */
export const BLOCKED_KEYWORDS: Readonly<Record<PromptTopic, readonly string[]>> = {
  sexual_content: [
    'nude', 'nudes', 'naked', 'nudity', 'topless', 'bottomless', 'nsfw', 'porn', 'porno', 'pornography',
    'pornographic', 'xxx', 'sex', 'sexual', 'sexy', 'erotic', 'lingerie', 'stripper', 'striptease', 'undress',
    'undressed', 'undressing', 'genitals', 'breasts', 'boobs', 'nipples', 'explicit', 'fetish', 'seductive',
    'make her', 'make him', 'without clothes', 'remove clothing', 'add nudity', 'adult content',
  ],
  violence: [
    'kill', 'killing', 'murder', 'blood', 'bloody', 'gore', 'gory', 'decapitate', 'decapitated', 'behead',
    'corpse', 'dead body', 'gun', 'rifle', 'pistol', 'weapon', 'knife', 'stab', 'stabbing', 'shoot', 'shooting',
    'torture', 'mutilate', 'suicide', 'self-harm',
  ],
  hate: ['nazi', 'swastika', 'hitler', 'kkk', 'terrorist', 'terrorism', 'genocide', 'lynch', 'racist', 'white power'],
};

/** The patterns of 000 §5, with the topic each belongs to. */
export const BLOCKED_PATTERNS: ReadonlyArray<{ pattern: RegExp; topic: PromptTopic }> = [
  { pattern: /\b(nude|naked|topless)\b/i, topic: 'sexual_content' },
  { pattern: /\b(kill|murder|death)\s+(?:to\s+)?(him|her|them|me)\b/i, topic: 'violence' },
  { pattern: /\bmake\s+(her|him|them)\s+(nude|naked|sexy)\b/i, topic: 'sexual_content' },
  { pattern: /\bremove\s+(?:(?:the|her|his|their|my|your)\s+)?(clothes|clothing|shirt|dress)\b/i, topic: 'sexual_content' },
  { pattern: /\bwithout\s+(clothes|clothing)\b/i, topic: 'sexual_content' },
  { pattern: /\b(sexual|erotic|pornographic)\s+content\b/i, topic: 'sexual_content' },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Whole words only ("skill" is not "kill"); spaces in a phrase match any run of whitespace.
const KEYWORD_MATCHERS = (Object.entries(BLOCKED_KEYWORDS) as Array<[PromptTopic, readonly string[]]>).flatMap(
  ([topic, words]) =>
    words.map((word) => ({ topic, word, re: new RegExp(`(^|[^a-z0-9])${escapeRegExp(word).replace(/ /g, '\\s+')}($|[^a-z0-9])`, 'i') })),
);

export interface PromptMatch {
  kind: 'keyword' | 'pattern';
  topic: PromptTopic;
}

// Invisible characters used to split a word: zero-width space/joiners, word joiner, BOM, soft
// hyphen, combining grapheme joiner, Mongolian vowel separator, bidirectional controls.
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff]/g;

// Capital Cyrillic and Greek letters that look like Latin capitals (mapped before lower-casing: a
// Greek capital Ν reads as N, its lower case ν as v).
const CAPITAL_LOOKALIKES: Readonly<Record<string, string>> = {
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', Ѕ: 's', І: 'i', Ј: 'j',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
};
const CAPITAL_LOOKALIKE_RE = new RegExp(`[${Object.keys(CAPITAL_LOOKALIKES).join('')}]`, 'g');

// Cyrillic and Greek letters that look like Latin ones (lower case: the text is lower-cased first).
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ɡ: 'g', ү: 'y', ӏ: 'l', ь: 'b', п: 'n', г: 'r',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', σ: 'o', ς: 's', τ: 't',
  υ: 'u', χ: 'x', ω: 'w', ϲ: 'c', ϳ: 'j',
};
const LOOKALIKE_RE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

// Digits and symbols standing in for letters, applied only inside words that have a letter (so
// "add 3 cats" keeps its 3). "1" reads as i or l: both forms are checked.
const SWAPS: Readonly<Record<string, string>> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const WORD_PART = /([\p{L}\p{N}@$]+)/u;
const HAS_LETTER = /\p{L}/u;
// What may sit between spelled-out letters: spaces, dots, dashes, underscores, asterisks, bullets.
const SPELLING_SEPARATOR = /^[\s.\-_*·•]+$/u;

/**
 * Joins letters spelled out one by one ("n u d e", "n.u.d.e", "n-u-d-e"): 3 or more single
 * characters with the same separator between each. With `splitArticle`, a leading "a" or "i" of
 * a longer run stays a word of its own ("a n u d e" → "a nude").
 */
function collapseSpelledOut(text: string, splitArticle: boolean): string {
  // [separator, word, separator, word, …, separator]
  const parts = text.split(WORD_PART);
  const at = (k: number): string => parts[k] ?? '';
  const single = (k: number) => Array.from(at(k)).length === 1;
  let out = at(0);
  let i = 1;
  while (i < parts.length) {
    let j = i;
    while (j + 2 < parts.length && single(j) && single(j + 2) && SPELLING_SEPARATOR.test(at(j + 1)) && (j === i || at(j + 1) === at(i + 1))) {
      j += 2;
    }
    let start = i;
    if (splitArticle && (at(i) === 'a' || at(i) === 'i') && (j - i) / 2 + 1 >= 4) {
      out += at(i) + at(i + 1);
      start = i + 2;
    }
    if ((j - start) / 2 + 1 >= 3 && single(start)) {
      for (let k = start; k <= j; k += 2) out += at(k);
      out += at(j + 1);
      i = j + 2;
    } else {
      out += at(start) + at(start + 1);
      i = start + 2;
    }
  }
  return out;
}

function swapDigits(text: string, one: 'i' | 'l'): string {
  return text
    .split(WORD_PART)
    .map((part, index) =>
      index % 2 === 1 && HAS_LETTER.test(part) ? part.replace(/[013457@$]/g, (c) => (c === '1' ? one : (SWAPS[c] ?? c))) : part,
    )
    .join('');
}

/**
 * The forms of a prompt the rules are checked against (issue 9): NFKC, lower case, accents and
 * invisible characters removed, Cyrillic/Greek look-alikes mapped to Latin, letters spelled out
 * one by one joined, and digits/symbols standing in for letters swapped back (0→o, 1→i or l,
 * 3→e, 4→a, 5→s, 7→t, @→a, $→s). Plain string work, so it runs the same in the browser.
 */
export function normalizePromptVariants(prompt: string): string[] {
  const base = prompt
    .normalize('NFKC')
    .replace(CAPITAL_LOOKALIKE_RE, (c) => CAPITAL_LOOKALIKES[c] ?? c)
    .toLowerCase()
    .replace(INVISIBLE, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .replace(LOOKALIKE_RE, (c) => LOOKALIKES[c] ?? c);
  const forms = [base, collapseSpelledOut(base, false), collapseSpelledOut(base, true)];
  return [...new Set(forms.flatMap((form) => [form, swapDigits(form, 'i'), swapDigits(form, 'l')]))];
}

function matchText(text: string): PromptMatch | null {
  const keyword = KEYWORD_MATCHERS.find((m) => m.re.test(text));
  if (keyword) return { kind: 'keyword', topic: keyword.topic };
  const pattern = BLOCKED_PATTERNS.find((p) => p.pattern.test(text));
  if (pattern) return { kind: 'pattern', topic: pattern.topic };
  return null;
}

/** The first rule a prompt breaks (keywords before patterns), as typed or in a normalised form, or null. */
export function matchPrompt(prompt: string): PromptMatch | null {
  const forms = [prompt.normalize('NFKC'), ...normalizePromptVariants(prompt)];
  const matches = forms.map(matchText).filter((m): m is PromptMatch => m !== null);
  return matches.find((m) => m.kind === 'keyword') ?? matches[0] ?? null;
}

/** The client's live check (000 §5 steps 1-2). */
export function checkPromptLocally(prompt: string): PromptFilterResult {
  const match = matchPrompt(prompt);
  if (!match) return { isBlocked: false, reason: null, category: null };
  return match.kind === 'keyword'
    ? { isBlocked: true, reason: KEYWORD_MESSAGE, category: 'local_keyword' }
    : { isBlocked: true, reason: PATTERN_MESSAGE, category: 'local_pattern' };
}

/** The server's check (D13): the same rules, reporting the topic as the category. */
export function checkPromptOnServer(prompt: string): PromptFilterResult {
  const match = matchPrompt(prompt);
  if (!match) return { isBlocked: false, reason: null, category: null };
  return { isBlocked: true, reason: match.kind === 'keyword' ? KEYWORD_MESSAGE : PATTERN_MESSAGE, category: match.topic };
}
