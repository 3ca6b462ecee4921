import { useMediaQuery } from '../../../shared/lib/use-media-query';

/**
 * A phone or tablet: the main pointer is a finger (coarse), or the screen is phone-narrow.
 * Such a visitor is not told to "drag and drop" (issue 15).
 */
export const TOUCH_FIRST_QUERY = '(pointer: coarse), (max-width: 480px)';

/** Whether the page is used by touch first (follows rotation and resizing). False where it cannot be told. */
export function useTouchFirst(): boolean {
  return useMediaQuery(TOUCH_FIRST_QUERY);
}
