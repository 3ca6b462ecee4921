import { useEffect, useState } from 'react';

/** How long typing must pause before the search runs. */
export const SEARCH_DELAY_MS = 300;

/**
 * The search box's text and the term searched for: the trimmed text, once typing has paused
 * (or at once on Enter). 001 §5: the search runs only when the trimmed query is non-empty; an
 * empty term means "show the plain list".
 */
export function useSearchTerm() {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');

  useEffect(() => {
    const trimmed = input.trim();
    if (trimmed === term) return;
    const timer = setTimeout(() => setTerm(trimmed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input, term]);

  return {
    input,
    term,
    setInput,
    /** Searches for the current text now (Enter). */
    submit: () => setTerm(input.trim()),
    /** Empties the box and goes back to the list. */
    clear: () => {
      setInput('');
      setTerm('');
    },
  };
}
