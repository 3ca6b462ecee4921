import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { notifyError } from '../../../shared/ui/notify';
import { useGenerateImageMutation, type GenerationRequest, type GenerationResult } from '../api/editor.api';
import { classifyGenerationError } from '../lib/generation-errors';

/** 000 §8: the "buy more credits?" question follows the Out of Credits toast after 1 second. */
export const OUT_OF_CREDITS_DIALOG_DELAY_MS = 1000;
/** The local engine's "here is what I can do" message is long; it stays up long enough to read. */
const LONG_MESSAGE_TOAST_MS = 8000;

/**
 * Runs POST /api/generate and turns its failures into the toasts and dialog of 000 §8.
 * `generate` resolves to the result, or to null after a failure has been shown.
 */
export function useGeneration() {
  const [generateImage, { isLoading }] = useGenerateImageMutation();
  const [outOfCreditsOpen, setOutOfCreditsOpen] = useState(false);
  const dialogTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(dialogTimer.current), []);

  const generate = useCallback(
    async (request: GenerationRequest): Promise<GenerationResult | null> => {
      try {
        return await generateImage(request).unwrap();
      } catch (error) {
        const failure = classifyGenerationError(error);
        switch (failure.kind) {
          case 'out-of-credits':
            notifyError('Out of Credits!', { id: 'out-of-credits' });
            clearTimeout(dialogTimer.current);
            dialogTimer.current = setTimeout(() => {
              // The question repeats the toast; on phones the toast would cover the dialog's buttons.
              toast.dismiss('out-of-credits');
              setOutOfCreditsOpen(true);
            }, OUT_OF_CREDITS_DIALOG_DELAY_MS);
            break;
          case 'nsfw':
            notifyError('Content Not Allowed', { description: failure.message });
            break;
          case 'network':
            notifyError('Network Error', { description: failure.message });
            break;
          case 'other':
            notifyError('Generation Error', {
              description: failure.message,
              ...(failure.message.length > 120 ? { duration: LONG_MESSAGE_TOAST_MS } : {}),
            });
            break;
        }
        return null;
      }
    },
    [generateImage],
  );

  const closeOutOfCredits = useCallback(() => setOutOfCreditsOpen(false), []);

  return { generate, isGenerating: isLoading, outOfCreditsOpen, closeOutOfCredits };
}
