import { skipToken } from '@reduxjs/toolkit/query';
import { useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { failureText } from '../api/error-text';
import { useLazySharedEditQuery, useMakeEditPublicMutation, useSharedEditQuery, type ShareVisibility } from '../api/shared-edit.api';
import { copyText, shareOrCopy, shareUrl } from '../lib/share-link';
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';
import { notifyError } from './notify';

/** 000 §8 "Share". */
export const LINK_COPIED = 'Link copied to clipboard';

/** An edit to share. */
export interface EditToShare {
  id: string;
  prompt: string;
  /** D14 as the caller already knows it (a My Edits card: public, private or hidden by a moderator); else the server is asked. */
  visibility?: ShareVisibility;
}

type Step = 'ask' | 'private' | 'hidden';

const STEPS: Record<Step, { title: string; description: string }> = {
  ask: {
    title: 'Make this edit public?',
    description:
      'This edit is private, so only you can open its link. Make it public to share it: anyone with the link can see it, and it joins the community feed.',
  },
  private: {
    title: 'Only you can open this link',
    description:
      'Your edit stays private. Anyone else who opens the link is told that the edit is not available. You can still copy the link for yourself.',
  },
  hidden: {
    title: 'This edit is hidden',
    description: 'A moderator has hidden this edit from the community, so only you can open its link.',
  },
};

export interface ShareEdit {
  /** Shares the edit's /share/{id} page, asking first when the edit is not public. */
  share: (edit: EditToShare) => Promise<void>;
  /** A lookup or a change of visibility is on its way. */
  busy: boolean;
  /** The dialog for a private edit: render it once, anywhere. */
  dialog: ReactNode;
}

/**
 * Issue 15: Share links to the edit's public page, /share/{id}, through the system share sheet or
 * the clipboard (000 §8: "Link copied to clipboard"). A private edit's link would open for its
 * owner only, so the owner is first asked to make it public (D14, the visibility call); saying no
 * explains that only they can open it, and still lets them copy it. `prefetchId`: an edit the
 * screen shows (the editor's result), looked up at once so that Share needs no wait.
 */
export function useShareEdit(prefetchId: string | null = null): ShareEdit {
  useSharedEditQuery(prefetchId ?? skipToken);
  const [lookUp, lookup] = useLazySharedEditQuery();
  const [makePublic, making] = useMakeEditPublicMutation();
  const [pending, setPending] = useState<{ edit: EditToShare; step: Step } | null>(null);
  const working = useRef(false);

  async function visibilityOf(edit: EditToShare): Promise<ShareVisibility | null> {
    if (edit.visibility) return edit.visibility;
    try {
      return (await lookUp(edit.id, true).unwrap()).visibility;
    } catch (error) {
      notifyError('Could not share the link', { description: failureText(error, 'Please try again.') });
      return null;
    }
  }

  async function deliver(edit: EditToShare) {
    const url = shareUrl(edit.id);
    const outcome = await shareOrCopy({ url, title: 'Magic Editor', text: edit.prompt.trim() || 'My Magic Editor edit' });
    if (outcome === 'copied') toast.success(LINK_COPIED);
    else if (outcome === 'failed') notifyError('Could not share the link', { description: url });
  }

  async function share(edit: EditToShare) {
    if (working.current) return;
    working.current = true;
    try {
      const visibility = await visibilityOf(edit);
      if (visibility === 'public') await deliver(edit);
      else if (visibility) setPending({ edit, step: visibility === 'hidden' ? 'hidden' : 'ask' });
    } finally {
      working.current = false;
    }
  }

  async function publishAndShare(edit: EditToShare) {
    try {
      await makePublic(edit.id).unwrap();
    } catch (error) {
      notifyError('Could not make the edit public', { description: failureText(error, 'Please try again.') });
      return;
    }
    setPending(null);
    await deliver(edit);
  }

  async function copyAnyway(edit: EditToShare) {
    setPending(null);
    const url = shareUrl(edit.id);
    if (await copyText(url)) toast.success(LINK_COPIED);
    else notifyError('Could not copy the link', { description: url });
  }

  const close = () => setPending(null);
  const texts = pending ? STEPS[pending.step] : null;
  const dialog =
    pending && texts ? (
      <Dialog open onClose={close} title={texts.title} description={texts.description}>
        <DialogActions>
          {pending.step === 'ask' ? (
            <>
              <Button variant="secondary" onClick={() => setPending({ ...pending, step: 'private' })}>
                Keep private
              </Button>
              <Button
                variant="primary"
                aria-busy={making.isLoading || undefined}
                aria-disabled={making.isLoading || undefined}
                onClick={() => {
                  if (!making.isLoading) void publishAndShare(pending.edit);
                }}
              >
                {making.isLoading ? 'Making it public...' : 'Make public and share'}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              <Button variant="primary" onClick={() => void copyAnyway(pending.edit)}>
                Copy link anyway
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    ) : null;

  return { share, busy: lookup.isFetching || making.isLoading, dialog };
}
