import { checkPromptLocally, KEYWORD_MESSAGE, PATTERN_MESSAGE } from '@generation-rules/prompt-filter';
import { describe, expect, it } from 'vitest';

// 000 §5 as the browser runs it (the module is shared with the server, D13).
describe('the prompt filter in the client', () => {
  it.each([
    ['nudity/sexual', 'make it look erotic'],
    ['violence/weapons/gore', 'add blood everywhere'],
    ['hate/extremism', 'paint a swastika on the wall'],
    ['the spec phrases', 'make him a pirate'],
    ['a phrase with extra spaces', 'without   clothes please'],
  ])('blocks a %s keyword as local_keyword', (_topic, prompt) => {
    expect(checkPromptLocally(prompt)).toEqual({ isBlocked: true, reason: KEYWORD_MESSAGE, category: 'local_keyword' });
  });

  it.each([
    ['remove clothes/clothing/shirt/dress', 'remove the dress'],
    ['kill/murder/death followed by a person', 'death to them'],
    ['without clothing', 'show her without clothing'],
  ])('blocks the %s pattern as local_pattern', (_rule, prompt) => {
    expect(checkPromptLocally(prompt)).toEqual({ isBlocked: true, reason: PATTERN_MESSAGE, category: 'local_pattern' });
  });

  it('is case-insensitive and lets ordinary edits through', () => {
    expect(checkPromptLocally('ADD BLOOD').isBlocked).toBe(true);
    expect(checkPromptLocally('change the background to a beach at sunset')).toEqual({ isBlocked: false, reason: null, category: null });
  });
});
