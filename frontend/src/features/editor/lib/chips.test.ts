import { PROMPT_SUGGESTIONS } from '@generation-rules/prompt-suggestions';
import { describe, expect, it } from 'vitest';
import type { EngineInfo } from '../api/editor.api';
import { chipsFor, DEFAULT_PLACEHOLDER_PROMPT, isChipNeedingAiModel, placeholderPrompt } from './chips';

const NEEDS_AI = ['change the background to a beach at sunset', 'put the girl in a black dress', 'remove the person on the left'];

function local(unsupported: readonly string[] = NEEDS_AI): EngineInfo {
  return {
    engine: 'local',
    suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: !unsupported.includes(prompt) })),
    capabilities: [{ name: 'black and white', example: 'make it black and white' }],
  };
}

describe('the suggestion chips follow the active engine (issue 15)', () => {
  it('with the local engine: the ones it does first, in the spec order; the others last and marked', () => {
    const chips = chipsFor(local());
    expect(chips).toHaveLength(12);
    expect(chips.slice(0, 9).map((c) => c.prompt)).toEqual(PROMPT_SUGGESTIONS.filter((p) => !NEEDS_AI.includes(p)));
    expect(chips.slice(0, 9).every((c) => !c.needsAiModel)).toBe(true);
    expect(chips.slice(9)).toEqual(NEEDS_AI.map((prompt) => ({ prompt, needsAiModel: true })));
    // The first chip shown is one that works.
    expect(chips[0]).toEqual({ prompt: 'add snow falling', needsAiModel: false });
  });

  it('with the AI model: the spec chips in the spec order, none marked', () => {
    const replicate: EngineInfo = { engine: 'replicate', suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: true })), capabilities: [] };
    expect(chipsFor(replicate)).toEqual(PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, needsAiModel: false })));
  });

  it('while the engine is not known (loading, or an unreadable answer): as before, nothing claimed', () => {
    expect(chipsFor(undefined)).toEqual(PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, needsAiModel: false })));
  });

  it('a chip the local engine did not report on counts as one it cannot do', () => {
    const info = local();
    info.suggestions = info.suggestions.filter((s) => s.prompt !== 'add rain falling');
    const chips = chipsFor(info);
    expect(chips.at(-1)).toEqual({ prompt: 'add rain falling', needsAiModel: true });
    expect(chips.filter((c) => c.needsAiModel)).toHaveLength(4);
  });

  it('the prompt field\'s example is a chip that works; a marked chip is recognised however it is spaced', () => {
    expect(placeholderPrompt(chipsFor(local()))).toBe('add snow falling');
    expect(placeholderPrompt(chipsFor(undefined))).toBe(DEFAULT_PLACEHOLDER_PROMPT);
    expect(placeholderPrompt(chipsFor(local(PROMPT_SUGGESTIONS)))).toBe(DEFAULT_PLACEHOLDER_PROMPT);
    const chips = chipsFor(local());
    expect(isChipNeedingAiModel(chips, '  put the girl in a black dress ')).toBe(true);
    expect(isChipNeedingAiModel(chips, 'add snow falling')).toBe(false);
    expect(isChipNeedingAiModel(chipsFor(undefined), 'put the girl in a black dress')).toBe(false);
  });
});
