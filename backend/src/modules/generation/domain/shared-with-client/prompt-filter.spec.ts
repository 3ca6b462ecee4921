import { BLOCKED_KEYWORDS, checkPromptLocally, checkPromptOnServer, KEYWORD_MESSAGE, PATTERN_MESSAGE } from './prompt-filter';
import { PROMPT_SUGGESTIONS } from './prompt-suggestions';

describe('prompt filter (000 §5, D13)', () => {
  it('has about 60 keywords and phrases including the spec phrases', () => {
    const all = Object.values(BLOCKED_KEYWORDS).flat();
    expect(all.length).toBeGreaterThanOrEqual(55);
    for (const phrase of ['make her', 'make him', 'without clothes', 'remove clothing', 'add nudity', 'adult content']) {
      expect(all).toContain(phrase);
    }
  });

  it.each([
    ['Make it SEXY please', 'sexual_content'],
    ['add a gun to his hand', 'violence'],
    ['draw a swastika on the wall', 'hate'],
    ['make her smile', 'sexual_content'],
  ])('blocks keyword prompt %j (category %s on the server, local_keyword on the client)', (prompt, topic) => {
    expect(checkPromptLocally(prompt)).toEqual({ isBlocked: true, reason: KEYWORD_MESSAGE, category: 'local_keyword' });
    expect(checkPromptOnServer(prompt)).toEqual({ isBlocked: true, reason: KEYWORD_MESSAGE, category: topic });
  });

  it.each([
    ['please remove his shirt', 'sexual_content'],
    ['death   to them', 'violence'],
    ['remove the dress', 'sexual_content'],
    ['show him without   clothing', 'sexual_content'],
  ])('blocks pattern prompt %j with the policy message', (prompt, topic) => {
    expect(checkPromptLocally(prompt)).toEqual({ isBlocked: true, reason: PATTERN_MESSAGE, category: 'local_pattern' });
    expect(checkPromptOnServer(prompt).category).toBe(topic);
  });

  it('matches whole words only', () => {
    for (const prompt of ['add a skill badge', 'make the sky grungy', 'a gunmetal grey car', 'Essex countryside']) {
      expect(checkPromptLocally(prompt).isBlocked).toBe(false);
    }
  });

  it('lets every editor suggestion chip through', () => {
    for (const chip of PROMPT_SUGGESTIONS) expect(checkPromptOnServer(chip)).toEqual({ isBlocked: false, reason: null, category: null });
  });

  it('has 12 chips, including the spec examples', () => {
    expect(PROMPT_SUGGESTIONS).toHaveLength(12);
    expect(PROMPT_SUGGESTIONS).toEqual(expect.arrayContaining(['add snow falling', 'make the lighting more dramatic', 'remove the person on the left']));
  });
});
