import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { failureText } from '../../../shared/api/error-text';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { notifyError } from '../../../shared/ui/notify';
import { QueryStatus } from '../../../shared/ui/query-status';
import { TextField } from '../../../shared/ui/text-field';
import {
  pagedItems,
  pagedTotal,
  useHiddenImagesInfiniteQuery,
  useSetImageVisibilityMutation,
  type HiddenImage,
} from '../api/admin.api';
import { extractImageId } from '../lib/image-id';
import { formatDateTime, isoDate } from '../lib/format';
import { PagedFooter, pagedIsEmpty, pagedState, RowSkeletons } from './admin-parts';
import parts from './admin-parts.module.css';

export const IMAGE_ID_MESSAGE = 'Enter an image ID, or paste an image address that contains one';

/** Hides or shows one image, with the D14 toasts; one request at a time. */
function useVisibility() {
  const [setVisibility] = useSetImageVisibilityMutation();
  const [pending, setPending] = useState<{ imageId: string; hidden: boolean } | null>(null);
  const running = useRef(false);

  async function change(imageId: string, hidden: boolean, reason?: string): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending({ imageId, hidden });
    try {
      await setVisibility({ imageId, hidden, ...(reason ? { reason } : {}) }).unwrap();
      if (hidden) toast.success('Image hidden', { description: 'It no longer appears in the community feed or the leaderboard.' });
      else toast.success('Image shown', { description: 'It can appear in the community feed and the leaderboard again.' });
      return true;
    } catch (error) {
      notifyError('Failed to update image visibility', { description: failureText(error, 'Please try again.') });
      return false;
    } finally {
      running.current = false;
      setPending(null);
    }
  }

  return { change, pending };
}

/**
 * Moderation (D14): hide or show any image by its id or a pasted image address, with a reason,
 * and the list of hidden images with a Show button each.
 */
export function ImageVisibilityPanel() {
  const visibility = useVisibility();
  const [image, setImage] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const listHeadingId = useId();
  const hidden = useHiddenImagesInfiniteQuery();
  const total = pagedTotal(hidden.currentData);

  async function submit(hide: boolean) {
    const imageId = extractImageId(image);
    if (!imageId) {
      setError(IMAGE_ID_MESSAGE);
      return;
    }
    setError(undefined);
    if (await visibility.change(imageId, hide, reason.trim() || undefined)) {
      setImage('');
      setReason('');
    }
  }

  const formPending = visibility.pending !== null;

  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        Image Visibility
      </h2>
      <form
        className={parts.form}
        noValidate
        aria-label="Hide or show an image"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          // Enter in a field hides (the form's first action).
          event.preventDefault();
          void submit(true);
        }}
      >
        <div className={parts.formRow}>
          <TextField
            label="Image ID or URL"
            value={image}
            autoComplete="off"
            error={error}
            onChange={(event) => {
              setImage(event.target.value);
              if (error) setError(undefined);
            }}
          />
          <TextField label="Reason" optional value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </div>
        <div className={parts.actions}>
          <Button
            type="submit"
            variant="destructive"
            aria-disabled={formPending || undefined}
            aria-busy={visibility.pending?.hidden === true || undefined}
          >
            {visibility.pending?.hidden === true ? 'Hiding...' : 'Hide Image'}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={formPending || undefined}
            aria-busy={visibility.pending?.hidden === false || undefined}
            onClick={() => void submit(false)}
          >
            {visibility.pending?.hidden === false ? 'Showing...' : 'Show Image'}
          </Button>
        </div>
      </form>

      <h3 id={listHeadingId} className={parts.subTitle}>
        {total === null ? 'Hidden Images' : `Hidden Images (${total})`}
      </h3>
      <QueryStatus
        query={pagedState(hidden)}
        loadingText="Loading hidden images..."
        skeleton={<RowSkeletons rows={2} height="4rem" />}
        errorText="Could not load the hidden images."
        emptyText="No hidden images."
        isEmpty={pagedIsEmpty}
      >
        {(data) => (
          <>
            <ul className={parts.list} aria-labelledby={listHeadingId}>
              {pagedItems<HiddenImage>(data, (row) => row.id).map((row) => (
                <li key={row.id} className={parts.row}>
                  <div className={parts.rowHead}>
                    <p className={parts.rowTitle}>{row.prompt || 'No prompt'}</p>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Show image ${row.id}`}
                      aria-disabled={formPending || undefined}
                      aria-busy={visibility.pending?.imageId === row.id || undefined}
                      onClick={() => void visibility.change(row.id, false)}
                    >
                      {visibility.pending?.imageId === row.id ? 'Showing...' : 'Show'}
                    </Button>
                  </div>
                  <p className={parts.muted}>
                    Image <span className={parts.mono}>{row.id}</span> · User <span className={parts.mono}>{row.userId}</span> ·{' '}
                    <time dateTime={isoDate(row.createdAt)}>{formatDateTime(row.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
            <PagedFooter result={hidden} />
          </>
        )}
      </QueryStatus>
    </Card>
  );
}
