import { useRef } from 'react';
import { toast } from 'sonner';
import { failureText } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import { useSetFavoriteMutation, type SavedImage } from '../api/my-edits.api';

/**
 * The star on a My Edits card (001 §2, §4, §8): the wanted state is sent, the star changes at
 * once (in the cache, see my-edits.api.ts) and goes back if the request fails. A click while a
 * request for the image is on its way is ignored, so that an undo never overwrites a later click.
 */
export function useFavoriteToggle(image: SavedImage) {
  const [setFavorite, { isLoading }] = useSetFavoriteMutation();
  const busy = useRef(false);

  async function toggle() {
    if (busy.current) return;
    busy.current = true;
    try {
      await setFavorite({ id: image.id, isFavorite: !image.isFavorite }).unwrap();
      toast.success('Updated favorites', { description: 'Image favorite status has been updated.' });
    } catch (error) {
      notifyError('Error updating favorite', { description: failureText(error, 'Please try again.') });
    } finally {
      busy.current = false;
    }
  }

  return { pending: isLoading, toggle: () => void toggle() };
}
