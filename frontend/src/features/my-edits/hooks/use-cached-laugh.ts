import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { setCachedLaugh, type LaughState, type MyEditsDispatch } from '../api/my-edits.api';

/**
 * Sets an image's laugh count and state in the cached My Edits lists. The laugh control shows a
 * laugh through it at once, then the server's answer, or the state before when the request fails.
 */
export function useCachedLaugh() {
  const dispatch = useDispatch<MyEditsDispatch>();
  return useCallback(
    (imageId: string, laugh: LaughState): void => {
      dispatch(setCachedLaugh(imageId, laugh));
    },
    [dispatch],
  );
}
