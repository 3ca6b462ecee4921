import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { setCachedLaugh, type LaughState, type MyEditsDispatch } from '../api/my-edits.api';

/**
 * Sets an image's laugh count and state in the cached My Edits lists, and returns the undo.
 * The laugh control changes the count through it at once and undoes it when the request fails.
 */
export function useCachedLaugh() {
  const dispatch = useDispatch<MyEditsDispatch>();
  return useCallback(
    (imageId: string, laugh: LaughState): (() => void) => {
      const patches = dispatch(setCachedLaugh(imageId, laugh));
      return () => {
        for (const patch of [...patches].reverse()) patch.undo();
      };
    },
    [dispatch],
  );
}
