/**
 * The prompt filter of 000 §5, one module for the server (POST /api/content-filter and inside
 * POST /api/generate, D13) and the client (live while typing, through the `@generation-rules`
 * alias). Plain TypeScript, no imports. Case-insensitive.
 *
 * 1. A keyword or phrase from the list → "This prompt contains inappropriate content…"
 *    (client category local_keyword).
 * 2. A pattern → "This prompt violates our content policy…" (client category local_pattern).
 * The server reports the matched topic as its category (sexual_content, violence, hate).
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

/** The first rule a prompt breaks (keywords before patterns), or null. */
export function matchPrompt(prompt: string): PromptMatch | null {
  const text = prompt.normalize('NFKC');
  const keyword = KEYWORD_MATCHERS.find((m) => m.re.test(text));
  if (keyword) return { kind: 'keyword', topic: keyword.topic };
  const pattern = BLOCKED_PATTERNS.find((p) => p.pattern.test(text));
  if (pattern) return { kind: 'pattern', topic: pattern.topic };
  return null;
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
