import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../lib/browser-storage';

/**
 * A text kept in this browser's local storage under `key`: read once when the component mounts,
 * saved on every change, removed when emptied or forgotten.
 */
export function useStoredText(key: string) {
  const [value, setValue] = useState(() => readStored(key));

  const change = useCallback(
    (next: string) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );

  const forget = useCallback(() => change(''), [change]);

  return { value, change, forget };
}
