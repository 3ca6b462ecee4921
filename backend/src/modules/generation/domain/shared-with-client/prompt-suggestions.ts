/**
 * The editor's 12 suggestion chips (000 §2, §9). Plain data, shared with the frontend through the
 * `@generation-rules` alias, and used by the local engine's benchmark (every chip it can do must
 * give a visible result; the ones it cannot do answer 422).
 */
export const PROMPT_SUGGESTIONS: readonly string[] = [
  'change the background to a beach at sunset',
  'put the girl in a black dress',
  'remove the person on the left',
  'add snow falling',
  'make the lighting more dramatic',
  'turn it into a vintage sepia photo',
  'make it black and white',
  'give it a cartoon comic look',
  'add rain falling',
  'make the colors warmer',
  'add the caption "Best day ever"',
  'make it brighter and more colorful',
];
