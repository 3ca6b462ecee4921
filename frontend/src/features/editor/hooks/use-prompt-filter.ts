import { checkPromptLocally, type PromptFilterResult } from '@generation-rules/prompt-filter';
import { useMemo } from 'react';
import { useCheckPromptQuery } from '../api/editor.api';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the server is asked about a prompt. */
export const SERVER_CHECK_DELAY_MS = 400;

const PASSED: PromptFilterResult = { isBlocked: false, reason: null, category: null };

export interface PromptFilterState {
  /** The verdict to show: the local one, else the server's for exactly this prompt, else a pass. */
  result: PromptFilterResult;
  /** The server has not answered for this prompt yet. */
  checking: boolean;
}

/**
 * The prompt filter of 000 §5, live while typing: the local keyword and pattern checks (the
 * module shared with the server, D13) on every keystroke; when they pass, a debounced server
 * check (POST /api/content-filter). If the server check itself fails, the local checks stand
 * alone (000 §5 step 3); the server checks the prompt again inside POST /api/generate anyway.
 */
export function usePromptFilter(prompt: string): PromptFilterState {
  const local = useMemo(() => checkPromptLocally(prompt), [prompt]);
  const trimmed = prompt.trim();
  const settled = useDebouncedValue(trimmed, SERVER_CHECK_DELAY_MS);
  const skip = local.isBlocked || trimmed === '' || settled !== trimmed;
  const { currentData, isFetching } = useCheckPromptQuery(settled, { skip });

  if (local.isBlocked) return { result: local, checking: false };
  if (trimmed === '') return { result: PASSED, checking: false };
  if (skip) return { result: PASSED, checking: true };
  if (currentData?.isBlocked) return { result: currentData, checking: false };
  return { result: PASSED, checking: isFetching };
}
