/**
 * D10: what the local editing engine understands. A prompt is read into a list of edit intents
 * (case-insensitive, tolerant wording), applied in a fixed, sensible order, several per prompt.
 * A prompt with none of them is refused with a short message (its list in details.supported); no
 * credit is spent (the pipeline releases the reservation). The local engine's prompt parser (not a
 * business rule, so beside the engine, not in domain/), plain TypeScript: the pixels are the
 * renderer's job (adapters/model/local-engine-renderer.ts). docs/local-engine.md lists all of it.
 */

import type { EngineCapability } from '../../../application/engine-capabilities.port';
import { CSS_COLOURS } from './css-colours';

export type Rgb = readonly [number, number, number];

/**
 * A background the engine draws behind the subject (ADR 0024): a beach (at sunset, or by day), a
 * snowy landscape, a city at night, a plain colour or a gradient. The seed varies the details
 * (where the sun sits, the clouds, the stars, the snowflakes, the buildings).
 */
export type BackgroundScene =
  | { kind: 'beach'; time: 'sunset' | 'day' }
  | { kind: 'snow' }
  | { kind: 'city-night' }
  | { kind: 'colour'; colour: Rgb }
  | { kind: 'gradient'; from: Rgb; to: Rgb };

export type EditIntent =
  | { kind: 'replace-background'; scene: BackgroundScene }
  | { kind: 'blur-background' }
  | { kind: 'remove-background' }
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
 * The order intents are applied in: the subject's background first (the segmentation model sees
 * the photo as it was taken, upright and in its own colours; ADR 0024), then geometry (so a caption is never mirrored), then
 * structure (cartoon, pixelate, blur), tone, colour (black-and-white/sepia before tints, so
 * "vintage and warmer" is a warmer sepia), weather overlays, the caption, and last the background
 * frame around the whole picture.
 */
export const INTENT_ORDER: readonly EditIntentKind[] = [
  'replace-background',
  'blur-background',
  'remove-background',
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

/**
 * What the engine can do, in the words the editor's "what works locally" list and the docs use
 * (GET /api/generation/capabilities serves it; the 422's `details.supported` names them). Every
 * example is a prompt the engine really applies (edit-intents.spec.ts checks each one). The
 * background edits come first: they are what people ask for most (ADR 0024).
 */
export const LOCAL_ENGINE_CAPABILITIES: readonly EngineCapability[] = [
  { name: 'a new background behind a person: a beach, snow, a city at night, a colour or a gradient', example: 'change the background to a beach at sunset' },
  { name: 'blur the background behind a person', example: 'blur the background' },
  { name: 'remove the background (a transparent PNG)', example: 'remove the background' },
  { name: 'black and white', example: 'make it black and white' },
  { name: 'sepia / vintage', example: 'turn it into a vintage sepia photo' },
  { name: 'brighter', example: 'make it brighter' },
  { name: 'darker', example: 'make it darker' },
  { name: 'dramatic lighting', example: 'make the lighting more dramatic' },
  { name: 'warmer', example: 'make the colors warmer' },
  { name: 'cooler', example: 'make it cooler' },
  { name: 'sunset glow', example: 'give it a sunset glow' },
  { name: 'snow falling', example: 'add snow falling' },
  { name: 'rain', example: 'add rain falling' },
  { name: 'cartoon / comic look', example: 'give it a cartoon comic look' },
  { name: 'blur / soft focus', example: 'blur it' },
  { name: 'pixelate / 8-bit', example: 'pixelate it' },
  { name: 'mirror / flip', example: 'mirror it' },
  { name: 'rotate', example: 'rotate it 90 degrees' },
  { name: 'a caption in quotes', example: 'add the caption "Best day ever"' },
  { name: 'a colour frame around the photo', example: 'add a gradient background from blue to purple' },
  { name: 'more colourful', example: 'make it more colorful' },
];

/**
 * The 422 for a prompt the engine cannot do (issue 15: one or two lines, not the whole list; the
 * editor links to the list, and `details.supported` carries it for other clients).
 */
export const UNSUPPORTED_EDIT_MESSAGE =
  "The local editing engine can't do that edit: it needs the AI model. Try one it can do, such as make it black and white or add snow falling.";

/** The 422 for a new background the engine cannot draw ("change the background to the moon"). */
export const UNKNOWN_BACKGROUND_MESSAGE =
  "The local editing engine can't draw that background. It can do a beach (at sunset), snow, a city at night, a colour or a gradient, or blur or remove the background.";

/** The 422 when the segmentation model finds no person to keep in front of the background (ADR 0024). */
export const NO_SUBJECT_MESSAGE =
  'The local editing engine found no person in this photo to keep in front of a new background. Background edits work on photos of people.';

/** Named colours the background intents understand (our tones; the other CSS colour names are in css-colours.ts). */
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
  kind: Exclude<EditIntentKind, 'rotate' | 'caption' | 'background' | 'replace-background' | 'blur-background' | 'remove-background'>;
  pattern: RegExp;
}

// Word patterns per intent. Each is tried against the prompt with quoted captions and the
// clauses about the background removed.
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
  // "bokeh" is a blurred background (below), not a blurred picture.
  { kind: 'blur', pattern: /\bblur\w*|\bsoft[\s-]+focus\b|\bout[\s-]+of[\s-]+focus\b|\bdefocus\w*|\bdreamy\b/ },
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

/** Splits a prompt into clauses, so a colour or a scene is read with the background it belongs to. */
const CLAUSE_BREAK = /[,;.!?]|\band\s+(?=(?:then\s+)?(?:make|add|turn|give|put|change|set|flip|mirror|rotate|blur|pixelate|apply|use|with|caption|remove|replace)\b)|\bthen\b/;

// ---- the background behind the subject (ADR 0024) -------------------------------------------

const BACKGROUND_WORD = /\b(?:back\s*grounds?|backdrops?)\b/;
const THE = String.raw`(?:the\s+|my\s+|our\s+|its\s+|this\s+|that\s+|his\s+|her\s+|their\s+|the\s+(?:photo|picture|image)'?s\s+)?`;
/** The verb acts on the background itself: "change the background", "a new backdrop", "the background to/with …". */
const REPLACES_BACKGROUND = new RegExp(
  String.raw`\b(?:chang|replac|swap|switch|set|make|turn|paint|colou?r|fill)\w*\s+(?:out\s+|up\s+)?${THE}(?:back\s*ground|backdrop)\b` +
    String.raw`|\b(?:new|different|another|other)\s+(?:\w+\s+)?(?:back\s*ground|backdrop)\b` +
    String.raw`|\b(?:back\s*ground|backdrop)\s+(?:to|into|with|as|for)\b(?!\s+(?:the\s+|this\s+|my\s+)?(?:photo|picture|image|pic|it)\b)`,
);
const REMOVES_BACKGROUND = new RegExp(
  String.raw`\b(?:remov|delet|eras|eliminat|strip|ditch)\w*\s+${THE}(?:whole\s+|entire\s+)?(?:back\s*ground|backdrop)\b` +
    String.raw`|\b(?:cut|take|get)\s+(?:out|away|rid\s+of)\s+${THE}(?:back\s*ground|backdrop)\b` +
    String.raw`|\b(?:transparent|no)\s+(?:back\s*ground|backdrop)\b|\bwithout\s+(?:a\s+|the\s+|any\s+)?(?:back\s*ground|backdrop)\b` +
    String.raw`|\b(?:back\s*ground|backdrop)\s+(?:removed|removal|gone|transparent)\b|\bcut\s+(?:me|him|her|them|us)\s+out\b`,
);
const BLURS = /\bblur\w*|\bout[\s-]+of[\s-]+focus\b|\bdefocus\w*|\bunfocus\w*|\bbokeh\b|\bsoft[\s-]+focus\b/;
/** A blurred background without the word: "bokeh", "portrait mode". */
const BOKEH = /\bbokeh\b|\bportrait[\s-]+mode\b|\bshallow\s+depth[\s-]+of[\s-]+field\b/;
/** "put me on a beach", "take us to the city", "place the kids in the snow": the subject goes somewhere. */
const PUTS_SUBJECT =
  /\b(?:put|place|move|send|take|transport|teleport|drop|stand|set)\s+(?:me|him|her|them|us|it|everyone|everybody|(?:the|my|our|this|these|those)\s+\w+(?:\s+\w+)?)\s+(?:on|in|at|onto|into|to|by|near|in\s+front\s+of)\s+/;
/** "a day at the beach", "me on a beach": a beach is a place whatever the verb. */
const AT_THE_BEACH = /\b(?:on|at|to)\s+(?:a|the)\s+(?:\w+\s+)?(?:beach|seaside)\b/;
const SUNSET_WORDS = /\bsunsets?\b|\bsundown\b|\bdusk\b|\bgolden[\s-]+hour\b|\bsunrise\b|\bevening\b/;
const DAYTIME_WORDS = /\bday\s*time\b|\bby\s+day\b|\bduring\s+the\s+day\b|\bin\s+the\s+(?:morning|afternoon)\b|\bsunny\b|\bnoon\b|\bmidday\b/;
const GREYSCALE_WORDS = /\bblack\s*(?:and|&|n'?|-)\s*white\b|\bb\s*[&/]\s*w\b|\bgr[ae]y\s*-?\s*scale\b|\bmonochrome?\b/;
const GRADIENT_WORDS = /\bgradient\b|\bfade\w*|\bblend\w*/;

/** The scene a text names: a known one, 'unknown' for a known place at a time the engine does not draw, or null. */
function sceneIn(text: string): BackgroundScene | 'unknown' | null {
  if (/\bbeach\w*|\bseaside\b|\bocean\b|\bsea\b|\bshore\w*|\bcoast\w*|\btropical\b|\bisland\b|\bpalm\s+trees?\b/.test(text)) {
    if (/\bnight\b/.test(text)) return 'unknown';
    return { kind: 'beach', time: SUNSET_WORDS.test(text) ? 'sunset' : 'day' };
  }
  if (/\bsnow\w*|\bwinter\w*|\bwintry\b|\bblizzard\b|\barctic\b|\bski\s+slopes?\b/.test(text)) return { kind: 'snow' };
  if (/\bcity\b|\bcities\b|\bskyline\b|\bdowntown\b|\bmetropolis\b|\bnew\s+york\b|\btimes\s+square\b|\bneon\s+(?:lights|streets?|signs?)\b/.test(text)) {
    return DAYTIME_WORDS.test(text) ? 'unknown' : { kind: 'city-night' };
  }
  return null;
}

/**
 * The colours a text names, in order: NAMED_COLOURS, the CSS colour names (one word or several:
 * "light blue", "dark slate grey"), "#rgb" and "#rrggbb". Words that make a CSS name together are
 * read as one colour ("lime green"), except two colour names in a gradient ("a blue violet gradient").
 */
export function coloursIn(text: string): Rgb[] {
  const tokens = [...text.matchAll(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|[a-z]+/g)].map((m) => m[0]);
  const joinWords = !GRADIENT_WORDS.test(text);
  const colourOf = (word: string): Rgb | undefined =>
    Object.hasOwn(NAMED_COLOURS, word) ? NAMED_COLOURS[word] : Object.hasOwn(CSS_COLOURS, word) ? CSS_COLOURS[word] : undefined;
  const colours: Rgb[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (tokens[i].startsWith('#')) {
      colours.push(hexToRgb(tokens[i]));
      i++;
      continue;
    }
    let taken = 0;
    for (const n of [3, 2, 1]) {
      const words = tokens.slice(i, i + n);
      if (words.length < n || words.some((w) => w.startsWith('#'))) continue;
      // Two colours side by side in a gradient stay two ("blue violet"); "light blue" is one.
      if (n > 1 && !joinWords && words.every((w) => colourOf(w))) continue;
      const colour = colourOf(words.join(''));
      if (colour) {
        colours.push(colour);
        taken = n;
        break;
      }
    }
    i += taken || 1;
  }
  return colours;
}

/** What one clause says about the background: an intent, a background it cannot draw, a wish it does not meet, or nothing. */
type ClauseReading = { intent: EditIntent } | { unknown: true } | { unmet: true } | null;

function readBackgroundClause(clause: string): ClauseReading {
  if (REMOVES_BACKGROUND.test(clause)) return { intent: { kind: 'remove-background' } };
  const put = PUTS_SUBJECT.exec(clause);
  if (BACKGROUND_WORD.test(clause)) {
    if (BLURS.test(clause)) return { intent: { kind: 'blur-background' } };
    const scene = sceneIn(clause);
    if (scene === 'unknown') return { unknown: true };
    if (scene) return { intent: { kind: 'replace-background', scene } };
    const replaces = Boolean(put) || REPLACES_BACKGROUND.test(clause);
    const colours = coloursIn(clause);
    // "make the background black and white" asks for a black-and-white background photo, not a gradient.
    const greyscaleWish = GREYSCALE_WORDS.test(clause) && !/\b(?:to|into|with)\b/.test(clause);
    if (replaces && colours.length > 0 && !greyscaleWish) return { intent: { kind: 'replace-background', scene: colourScene(clause, colours) } };
    if (replaces) return { unknown: true };
    // "add a pink background": a colour frame around the picture (the older intent, no subject needed).
    if (colours.length > 0) return { intent: frame(clause, colours) };
    return { unmet: true };
  }
  const where = put ? clause.slice(put.index + put[0].length) : AT_THE_BEACH.test(clause) ? clause : null;
  if (where !== null) {
    const scene = sceneIn(where);
    if (scene === 'unknown') return { unknown: true };
    if (scene) return { intent: { kind: 'replace-background', scene } };
  }
  if (BOKEH.test(clause)) return { intent: { kind: 'blur-background' } };
  return null;
}

function colourScene(clause: string, colours: Rgb[]): BackgroundScene {
  if (colours.length >= 2) return { kind: 'gradient', from: colours[0], to: colours[1] };
  if (GRADIENT_WORDS.test(clause)) return { kind: 'gradient', from: colours[0], to: shade(colours[0]) };
  return { kind: 'colour', colour: colours[0] };
}

function frame(clause: string, colours: Rgb[]): EditIntent {
  if (colours.length >= 2) return { kind: 'background', from: colours[0], to: colours[1] };
  if (GRADIENT_WORDS.test(clause)) return { kind: 'background', from: colours[0], to: shade(colours[0]) };
  return { kind: 'background', from: colours[0], to: null };
}

// ---- the whole prompt ------------------------------------------------------------------------

/** A prompt as the local engine reads it. */
export interface PromptReading {
  /** The intents to apply, in INTENT_ORDER. */
  intents: EditIntent[];
  /** The prompt asks for a new background the engine cannot draw (it refuses the whole prompt). */
  unknownBackground: boolean;
  /**
   * What it asks for that none of the intents does, in people's words (canDoLocally: a chip "works
   * locally" only when this is empty): a background clause it reads no edit from ("add falling
   * leaves in the background"), or a background it cannot draw ("change the background to the moon").
   */
  unmet: string[];
}

/** Reads a prompt (and the chosen style) into the intents the local engine will apply, in order. */
export function parseEditIntents(prompt: string, style?: string): EditIntent[] {
  return readPrompt(prompt, style).intents;
}

/** parseEditIntents, plus what the prompt asks that the engine cannot do. */
export function readPrompt(prompt: string, style?: string): PromptReading {
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

  // 2. The background, clause by clause (before its words are read as anything else: "a beach at
  // sunset" is a scene, not a sunset glow; "a city at night" is not a darker photo).
  let rest = lower;
  let unknownBackground = false;
  const unmet: string[] = [];
  for (const clause of lower.split(new RegExp(CLAUSE_BREAK.source, 'g'))) {
    const reading = clause.trim() ? readBackgroundClause(clause) : null;
    if (!reading) continue;
    if ('unmet' in reading) {
      if (!unmet.includes('a new background scene')) unmet.push('a new background scene');
      continue;
    }
    rest = rest.replace(clause, ' ');
    if ('unknown' in reading) unknownBackground = true;
    else add(reading.intent);
  }
  // A new background and a transparent one cannot both be had: the new one wins.
  if (found.has('replace-background')) found.delete('remove-background');

  // 3. Geometry. "Rotate it upside down" is a rotation, not also a flip.
  const rotation = parseRotation(rest);
  if (rotation) add(rotation);
  const flipText = rotation ? rest.replace(/\bupside[\s-]+down\b/g, ' ') : rest;
  const vertical = VERTICAL_FLIP.test(flipText);
  if (vertical) add({ kind: 'flip-vertical' });
  // A bare "flip it" is a mirror image, unless the prompt asked for a vertical flip.
  if (MIRROR.test(flipText) || (!vertical && BARE_FLIP.test(flipText))) add({ kind: 'mirror' });

  // 4. Everything else is a word pattern.
  for (const rule of RULES) {
    if (rule.pattern.test(rest)) add({ kind: rule.kind } as EditIntent);
  }
  if (style === 'cartoon') add({ kind: 'cartoon' });

  if (unknownBackground) unmet.push('a background it cannot draw');
  return { intents: INTENT_ORDER.filter((kind) => found.has(kind)).map((kind) => found.get(kind)!), unknownBackground, unmet };
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

/** Whether the local engine does everything the prompt asks: at least one intent, nothing left over. */
export function canDoLocally(prompt: string, style?: string): boolean {
  const reading = readPrompt(prompt, style);
  // A background it cannot draw is refused whatever else the prompt says.
  if (reading.unknownBackground || reading.intents.length === 0) return false;
  // The cartoon style is the edit itself: whatever else the prompt says, a cartoon is what was asked.
  if (style === 'cartoon') return true;
  return reading.unmet.length === 0;
}

/** The names of what the engine can do (the refusals' `details.supported`). */
export function supportedEdits(): string[] {
  return LOCAL_ENGINE_CAPABILITIES.map((c) => c.name);
}
