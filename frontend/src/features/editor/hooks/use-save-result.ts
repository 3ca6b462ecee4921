import { useCallback } from 'react';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/api/base-api';
import { failureText } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import { useSaveImageMutation, useUnsaveImageMutation } from '../api/editor.api';

/** D7: the server's refusal to save without a paid plan contains this text. */
const UPGRADE_MARKER = 'Upgrade to a paid plan';

/**
 * Save to My Edits / Remove from My Edits (000 §4 saved state, §8 "Saving"). `onSavedChange` is
 * called with the new state after a success only.
 */
export function useSaveResult(onSavedChange: (isSaved: boolean) => void) {
  const [saveImage, saving] = useSaveImageMutation();
  const [unsaveImage, removing] = useUnsaveImageMutation();

  const save = useCallback(
    async (imageId: string | null) => {
      // 000 §5: saving a result requires an image id.
      if (!imageId) {
        notifyError('Error saving image', { description: 'This result has no image id to save.' });
        return;
      }
      try {
        await saveImage(imageId).unwrap();
        onSavedChange(true);
        toast.success('Saved to My Edits!');
      } catch (error) {
        const message = getErrorMessage(error, '');
        if (message.includes(UPGRADE_MARKER)) {
          notifyError('Upgrade Required', { description: 'Save images to My Edits with a paid subscription.' });
        } else {
          notifyError('Error saving image', { description: failureText(error, 'Please try again.') });
        }
      }
    },
    [saveImage, onSavedChange],
  );

  const remove = useCallback(
    async (imageId: string | null) => {
      if (!imageId) return;
      try {
        await unsaveImage(imageId).unwrap();
        onSavedChange(false);
        toast.success('Removed from My Edits');
      } catch (error) {
        notifyError('Error removing image', { description: failureText(error, 'Please try again.') });
      }
    },
    [unsaveImage, onSavedChange],
  );

  return { save, remove, isBusy: saving.isLoading || removing.isLoading };
}
