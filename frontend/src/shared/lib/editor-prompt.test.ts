import { describe, expect, it } from 'vitest';
import { editorPathWithPrompt, initialPromptFrom, isAppPath } from './editor-prompt';

describe('a prompt carried into the editor', () => {
  it('goes to /dashboard with the prompt in the address, and comes back out unchanged', () => {
    const prompt = 'add the caption "Best day ever" & make it 100% warmer';
    const path = editorPathWithPrompt(prompt);
    expect(path.startsWith('/dashboard?prompt=')).toBe(true);
    expect(initialPromptFrom(path.slice(path.indexOf('?')))).toBe(prompt);
  });

  it('reads nothing when the address has no prompt', () => {
    expect(initialPromptFrom('')).toBe('');
    expect(initialPromptFrom('?other=1')).toBe('');
  });

  it('trims the prompt, drops control characters and keeps at most 1000 characters', () => {
    expect(initialPromptFrom(`?prompt=${encodeURIComponent('  add\u0000 snow\n ')}`)).toBe('add  snow');
    expect(initialPromptFrom(`?prompt=${'a'.repeat(1500)}`)).toHaveLength(1000);
  });

  it('sends someone only to paths of this site after sign-up', () => {
    expect(isAppPath('/dashboard?prompt=x')).toBe(true);
    expect(isAppPath('//evil.example/')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://evil.example/')).toBe(false);
  });
});
