import { AI_EDITED } from '../shared/ui/ai-edited-badge';

/**
 * D42: the "AI-edited" badge drawn over an image, or null: a sibling of the image's link (or, for
 * an image that is not a link, of the image itself) that says "AI-edited". An original has none.
 */
export function aiEditedBadgeOn(image: HTMLElement): HTMLElement | null {
  const holder = (image.closest('a') ?? image).parentElement;
  if (!holder) return null;
  return [...holder.children].find((child): child is HTMLElement => child instanceof HTMLElement && child.textContent === AI_EDITED) ?? null;
}
