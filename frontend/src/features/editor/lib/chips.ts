import { PROMPT_SUGGESTIONS } from '@generation-rules/prompt-suggestions';
import type { EngineInfo } from '../api/editor.api';

/** One suggestion chip as the prompt step shows it. */
export interface Chip {
  prompt: string;
  /** The local engine cannot do it (issue 15): shown last, marked "needs the AI model". */
  needsAiModel: boolean;
}

/** The prompt field's example before the engine is known, and with the AI model. */
export const DEFAULT_PLACEHOLDER_PROMPT = 'change the background to a beach at sunset';

/**
 * The 12 chips of 000 §2. With the AI model, or while the engine is not known (loading, or an
 * answer that could not be read), they are the spec's chips in its order, none marked: nothing
 * is claimed that the server has not said. With the local engine, the chips it does come first
 * (in the spec's order), then the ones it cannot do, marked; a chip the server did not report on
 * counts as one it cannot do.
 */
export function chipsFor(engine: EngineInfo | undefined, suggestions: readonly string[] = PROMPT_SUGGESTIONS): Chip[] {
  if (engine?.engine !== 'local') return suggestions.map((prompt) => ({ prompt, needsAiModel: false }));
  const supported = new Set(engine.suggestions.filter((s) => s.supported).map((s) => s.prompt));
  const chips = suggestions.map((prompt) => ({ prompt, needsAiModel: !supported.has(prompt) }));
  return [...chips.filter((chip) => !chip.needsAiModel), ...chips.filter((chip) => chip.needsAiModel)];
}

/** The prompt field's example: a chip the active engine really does. */
export function placeholderPrompt(chips: readonly Chip[]): string {
  return chips.find((chip) => !chip.needsAiModel)?.prompt ?? DEFAULT_PLACEHOLDER_PROMPT;
}

/** Whether the prompt is one of the chips the local engine cannot do. */
export function isChipNeedingAiModel(chips: readonly Chip[], prompt: string): boolean {
  const trimmed = prompt.trim();
  return chips.some((chip) => chip.needsAiModel && chip.prompt === trimmed);
}
