/**
 * D10: what the local editing engine understands. A prompt is read into a list of edit intents
 * (case-insensitive, tolerant wording), applied in a fixed, sensible order, several per prompt.
 * A prompt with none of them is refused with a message that names what the engine can do; no
 * credit is spent (the pipeline releases the reservation). The local engine's prompt parser (not a
 * business rule, so beside the engine, not in domain/), plain TypeScript: the pixels are the
 * renderer's job (adapters/model/local-engine-renderer.ts). docs/local-engine.md lists all of it.
 */

export type Rgb = readonly [number, number, number];

export type EditIntent =
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'flip-vertical' }
  | { kind: 'mirror' }
  | { kind: 'cartoon' }
  | { kind: 'pixelate' }
  | { kind: 'blur' }
  | { kind: 'brighten' }
  | { kind: 'darken' }
  | { kind: 'dramatic' }
  | { kind: 'saturate' }
  | { kind: 'grayscale' }
  | { kind: 'sepia' }
  | { kind: 'warm' }
  | { kind: 'cool' }
  | { kind: 'sunset' }
  | { kind: 'rain' }
  | { kind: 'snow' }
  | { kind: 'caption'; text: string }
  | { kind: 'background'; from: Rgb; to: Rgb | null };

export type EditIntentKind = EditIntent['kind'];

/**
 * The order intents are applied in: geometry first (so a caption is never mirrored), then
 * structure (cartoon, pixelate, blur), tone, colour (black-and-white/sepia before tints, so
 * "vintage and warmer" is a warmer sepia), weather overlays, the caption, and last the background
 * frame around the whole picture.
 */
export const INTENT_ORDER: readonly EditIntentKind[] = [
  'rotate',
  'flip-vertical',
  'mirror',
  'cartoon',
  'pixelate',
  'blur',
  'brighten',
  'darken',
  'dramatic',
  'saturate',
  'grayscale',
  'sepia',
  'warm',
  'cool',
  'sunset',
  'rain',
  'snow',
  'caption',
  'background',
];

/** What the engine can do, in the words the refusal message and the docs use. */
export const LOCAL_ENGINE_CAPABILITIES: readonly string[] = [
  'black and white',
  'sepia / vintage',
  'brighter',
  'darker',
  'dramatic lighting',
  'warmer',
  'cooler',
  'sunset glow',
  'snow falling',
  'rain',
  'cartoon / comic look',
  'blur / soft focus',
  'pixelate / 8-bit',
  'mirror / flip',
  'rotate',
  'a caption in quotes',
  'a solid or gradient background colour',
  'more colourful',
];

export const UNSUPPORTED_EDIT_MESSAGE =
  `The local editing engine can't do that. It understands: ${LOCAL_ENGINE_CAPABILITIES.join(', ')}. ` +
  'Try for example: make it black and white, add snow falling, add the caption "Hello".';

/** Named colours the background intent understands (CSS values). */
export const NAMED_COLOURS: Readonly<Record<string, Rgb>> = {
  red: [220, 38, 38],
  crimson: [220, 20, 60],
  orange: [249, 115, 22],
  yellow: [250, 204, 21],
  gold: [234, 179, 8],
  green: [34, 197, 94],
  lime: [132, 204, 22],
  teal: [20, 184, 166],
  turquoise: [64, 224, 208],
  cyan: [6, 182, 212],
  blue: [37, 99, 235],
  navy: [30, 41, 99],
  indigo: [79, 70, 229],
  purple: [147, 51, 234],
  violet: [139, 92, 246],
  lavender: [196, 181, 253],
  magenta: [217, 70, 239],
  pink: [236, 72, 153],
  rose: [244, 63, 94],
  brown: [120, 72, 40],
  beige: [230, 215, 185],
  black: [0, 0, 0],
  white: [255, 255, 255],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  silver: [192, 192, 192],
};

interface Rule {
  kind: Exclude<EditIntentKind, 'rotate' | 'caption' | 'background'>;
  pattern: RegExp;
}

// Word patterns per intent. Each is tried against the prompt with quoted captions removed.
const RULES: readonly Rule[] = [
  { kind: 'grayscale', pattern: /\bblack\s*(?:and|&|n'?|-)\s*white\b|\bb\s*[&/]\s*w\b|\bgr[ae]y\s*-?\s*scale\b|\bmonochrome?\b|\bdesaturat\w*|\bnoir\b|\bcolou?rless\b/ },
  { kind: 'sepia', pattern: /\bsepia\b|\bvintage\b|\bold[\s-]+(?:timey\s+)?(?:photo|photograph|picture|film|fashioned|school|days)\b|\bantique\b|\bretro\b(?![\s-]+game)|\baged\b|\bnostalgic\b|\bfaded\b/ },
  { kind: 'brighten', pattern: /\bbrighter\b|\bbrighten\w*|\bbright\b(?!\s+colou?r)|\blighter\b|\blighten\w*|\bmore\s+(?:light|exposure)\b|\b(?:increase|raise|boost|turn\s+up)\s+(?:the\s+)?(?:brightness|exposure)\b|\bbrightness\s+up\b|\boverexpose\w*/ },
  { kind: 'darken', pattern: /\bdarker\b|\bdarken\w*|\bdim(?:mer|med)?\b|\bless\s+bright\b|\b(?:decrease|lower|reduce|turn\s+down)\s+(?:the\s+)?(?:brightness|exposure)\b|\bunderexpose\w*|\bnight\s*time\b|\bat\s+night\b/ },
  { kind: 'dramatic', pattern: /\bdramatic\w*|\bdrama\b|\bcontrast\w*|\bmoody\b|\bcinematic\b|\bpunchy\b|\bvignette\w*/ },
  { kind: 'warm', pattern: /\bwarm(?:er|th|ing)?\b/ },
  { kind: 'cool', pattern: /\bcool(?:er)?\b|\bcold(?:er)?\b|\bicy\b|\bchill(?:y|ier)\b|\bblu(?:e|ish)\s+(?:tint|tone)s?\b/ },
  { kind: 'sunset', pattern: /\bsunsets?\b|\bgolden[\s-]+hour\b|\bsundown\b|\bdusk\b|\bsunrise\b|\bgolden\s+(?:light|glow)\b|\bafterglow\b/ },
  { kind: 'snow', pattern: /\bsnow\w*|\bblizzard\b|\bwinter(?:y)?\b/ },
  { kind: 'rain', pattern: /\brain(?:s|ing|y|fall|drops?|storm)?\b|\bdrizzl\w*|\bdownpour\b|\bstorm(?:y)?\b/ },
  { kind: 'cartoon', pattern: /\bcartoon\w*|\bcomics?\b|\bcomic[\s-]+book\b|\banime\b|\bpop[\s-]+art\b|\bposteri[sz]\w*|\billustrat\w*|\bcel[\s-]+shad\w*/ },
  { kind: 'blur', pattern: /\bblur\w*|\bsoft[\s-]+focus\b|\bout[\s-]+of[\s-]+focus\b|\bdefocus\w*|\bbokeh\b|\bdreamy\b/ },
  { kind: 'pixelate', pattern: /\bpixel\w*|\b8[\s-]*bit\b|\beight[\s-]+bit\b|\bmosaic\b|\bretro[\s-]+game\b/ },
  { kind: 'saturate', pattern: /\bmore\s+colou?rful\b|\bcolou?rful\b|\bvibrant\w*|\bsaturat(?:ed|e|ion)\b|\bvivid\w*|\b(?:colou?rs?)\s+pop\b|\bpop(?:ping)?\s+colou?rs?\b/ },
];

// "mirror", "flip it", "flip horizontally", "flip left to right" → mirror; "flip vertically",
// "upside down", "flip it top to bottom" → vertical flip.
const VERTICAL_FLIP = /\bupside[\s-]+down\b|\bflip\w*\s+(?:it\s+|the\s+\w+\s+|image\s+|photo\s+|picture\s+)?(?:vertical\w*|top\s+to\s+bottom|over)\b|\bvertical(?:ly)?\s+flip\w*/;
const MIRROR = /\bmirror\w*|\bflop\b|\bhorizontal(?:ly)?\s+flip\w*|\bflip\w*[^,.;]*?\b(?:horizontal\w*|left[\s-]+to[\s-]+right|right[\s-]+to[\s-]+left|sideways)/;
const BARE_FLIP = /\bflip\w*/;
const ROTATE = /\brotat\w*|\bturn\w*\s+(?:it\s+|the\s+\w+\s+)?(?:by\s+)?(?:90|180|270|a\s+quarter|sideways|clockwise|counter[\s-]*clockwise|anti[\s-]*clockwise)\b/;

// A quoted caption: straight or curly double quotes anywhere; single quotes only after a word
// that asks for text (so "it's" and "the cat's" are not read as quotes).
const DOUBLE_QUOTED = /["“”„]([^"“”„]{1,200})["“”]/;
const SINGLE_QUOTED_AFTER_TEXT_WORD =
  /\b(?:caption|captioned|text|title|titled|words?|saying|says|say|reads?|reading|label|labelled|labeled|write|writing|written|quote|meme|slogan|headline)\b[^'‘’]{0,40}?['‘]([^'‘’]{1,200})['’](?=[\s.,!?;:)]|$)/;

/** Splits a prompt into clauses, so a colour is read with the background it belongs to. */
const CLAUSE_BREAK = /[,;.!?]|\band\s+(?=(?:then\s+)?(?:make|add|turn|give|put|change|set|flip|mirror|rotate|blur|pixelate|apply|use|with|caption)\b)|\bthen\b/;

/** Reads a prompt (and the chosen style) into the intents the local engine will apply, in order. */
export function parseEditIntents(prompt: string, style?: string): EditIntent[] {
  const found = new Map<EditIntentKind, EditIntent>();
  const add = (intent: EditIntent) => {
    if (!found.has(intent.kind)) found.set(intent.kind, intent);
  };

  // 1. The caption comes out first, so its words are not read as instructions.
  let text = prompt.replace(/\s+/g, ' ').trim();
  const quoted = DOUBLE_QUOTED.exec(text) ?? SINGLE_QUOTED_AFTER_TEXT_WORD.exec(text);
  if (quoted) {
    const caption = quoted[1].trim();
    if (caption) add({ kind: 'caption', text: caption });
    text = text.slice(0, quoted.index) + ' ' + text.slice(quoted.index + quoted[0].length);
  }
  const lower = text.toLowerCase();

  // 2. Background colour (before the colour words are read as anything else).
  const background = parseBackground(lower);
  if (background) add(background);

  // 3. Geometry. "Rotate it upside down" is a rotation, not also a flip.
  const rotation = parseRotation(lower);
  if (rotation) add(rotation);
  const flipText = rotation ? lower.replace(/\bupside[\s-]+down\b/g, ' ') : lower;
  const vertical = VERTICAL_FLIP.test(flipText);
  if (vertical) add({ kind: 'flip-vertical' });
  // A bare "flip it" is a mirror image, unless the prompt asked for a vertical flip.
  if (MIRROR.test(flipText) || (!vertical && BARE_FLIP.test(flipText))) add({ kind: 'mirror' });

  // 4. Everything else is a word pattern. The background clause's colour words are not tints.
  const rest = background ? lower.replace(backgroundClause(lower) ?? '', ' ') : lower;
  for (const rule of RULES) {
    if (rule.pattern.test(rest)) add({ kind: rule.kind } as EditIntent);
  }
  if (style === 'cartoon') add({ kind: 'cartoon' });

  return INTENT_ORDER.filter((kind) => found.has(kind)).map((kind) => found.get(kind)!);
}

function parseRotation(lower: string): EditIntent | null {
  const match = ROTATE.exec(lower);
  if (!match) return null;
  // Read the degrees and the direction from the words after "rotate" in the same clause.
  const after = lower.slice(match.index).split(CLAUSE_BREAK)[0];
  const counter = /\b(?:left|counter[\s-]*clockwise|anti[\s-]*clockwise|ccw)\b/.test(after);
  let degrees = 90;
  const number = /\b(90|180|270)\b/.exec(after);
  if (number) degrees = Number(number[1]);
  else if (/\b(?:half|around|upside)\b/.test(after)) degrees = 180;
  if (counter && degrees !== 180) degrees = 360 - degrees;
  return { kind: 'rotate', degrees: degrees as 90 | 180 | 270 };
}

function backgroundClause(lower: string): string | null {
  const at = lower.search(/\b(?:back\s*ground|backdrop)\b/);
  if (at < 0) return null;
  // The clause around the word: back to the previous break, forward to the next one.
  const before = lower.slice(0, at);
  const breaks = [...before.matchAll(new RegExp(CLAUSE_BREAK.source, 'g'))];
  const start = breaks.length ? breaks[breaks.length - 1].index! + breaks[breaks.length - 1][0].length : 0;
  const afterText = lower.slice(at);
  const next = new RegExp(CLAUSE_BREAK.source).exec(afterText);
  const end = next ? at + next.index : lower.length;
  return lower.slice(start, end);
}

function parseBackground(lower: string): EditIntent | null {
  const clause = backgroundClause(lower);
  if (!clause) return null;
  const colours: Rgb[] = [];
  const words = new RegExp(`#[0-9a-f]{6}\\b|#[0-9a-f]{3}\\b|\\b(?:${Object.keys(NAMED_COLOURS).join('|')})\\b`, 'g');
  for (const match of clause.matchAll(words)) {
    const token = match[0];
    colours.push(token.startsWith('#') ? hexToRgb(token) : NAMED_COLOURS[token]);
  }
  if (colours.length === 0) return null;
  const gradient = /\bgradient\b|\bfade\w*|\bblend\w*/.test(clause);
  if (colours.length >= 2) return { kind: 'background', from: colours[0], to: colours[1] };
  if (gradient) return { kind: 'background', from: colours[0], to: shade(colours[0]) };
  return { kind: 'background', from: colours[0], to: null };
}

function hexToRgb(hex: string): Rgb {
  const h = hex.slice(1);
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
}

/** A darker (or, for very dark colours, lighter) partner for a one-colour gradient. */
function shade([r, g, b]: Rgb): Rgb {
  const dark = 0.299 * r + 0.587 * g + 0.114 * b < 60;
  const f = (c: number) => Math.round(dark ? c + (255 - c) * 0.45 : c * 0.45);
  return [f(r), f(g), f(b)];
}

/** Thrown message and list for a prompt with no intent the engine can do. */
export function describeCapabilities(): { message: string; supported: string[] } {
  return { message: UNSUPPORTED_EDIT_MESSAGE, supported: [...LOCAL_ENGINE_CAPABILITIES] };
}
