import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { notifyError } from '../../../shared/ui/notify';
import { useGenerateImageMutation, type GenerationRequest, type GenerationResult } from '../api/editor.api';
import { classifyGenerationError } from '../lib/generation-errors';

/** 000 §8: the "buy more credits?" question follows the Out of Credits toast after 1 second. */
export const OUT_OF_CREDITS_DIALOG_DELAY_MS = 1000;

/**
 * Runs POST /api/generate and turns its failures into the toasts and dialog of 000 §8; a user
 * whose e-mail is not verified is offered verification (2 free credits) instead of buying
 * (issue 24: `verifyEmailOpen`).
 * `generate` resolves to the result, or to null after a failure has been shown. `refusedPrompt`
 * is the last prompt the local engine could not do (issue 15: the prompt step says so briefly,
 * with a link to what works locally), null once another generation starts.
 */
export function useGeneration() {
  const [generateImage, { isLoading }] = useGenerateImageMutation();
  const { data: user } = useGetCurrentUserQuery();
  const [outOfCreditsOpen, setOutOfCreditsOpen] = useState(false);
  const [verifyEmailOpen, setVerifyEmailOpen] = useState(false);
  const [refusedPrompt, setRefusedPrompt] = useState<string | null>(null);
  const dialogTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(dialogTimer.current), []);

  const generate = useCallback(
    async (request: GenerationRequest): Promise<GenerationResult | null> => {
      setRefusedPrompt(null);
      try {
        return await generateImage(request).unwrap();
      } catch (error) {
        const failure = classifyGenerationError(error, user ?? null);
        switch (failure.kind) {
          case 'verify-email':
            // Not a toast: on a phone it would sit over the sheet's buttons.
            setVerifyEmailOpen(true);
            break;
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
          case 'unsupported-edit':
            setRefusedPrompt(request.prompt.trim());
            notifyError('Generation Error', { description: failure.message });
            break;
          case 'other':
            // A long message stays up longer through notifyError's own rule (issue 15), as every error toast does.
            notifyError('Generation Error', { description: failure.message });
            break;
        }
        return null;
      }
    },
    [generateImage, user],
  );

  const closeOutOfCredits = useCallback(() => setOutOfCreditsOpen(false), []);
  const closeVerifyEmail = useCallback(() => setVerifyEmailOpen(false), []);

  return { generate, isGenerating: isLoading, outOfCreditsOpen, closeOutOfCredits, verifyEmailOpen, closeVerifyEmail, refusedPrompt };
}
