import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { CheckCircleIcon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/text-field';
import { useStoredText } from '../hooks/use-stored-text';
import { articleToPost } from '../lib/article-post';
import {
  WORDPRESS_PASSWORD_STORAGE_KEY,
  WORDPRESS_SITE_STORAGE_KEY,
  WORDPRESS_USERNAME_STORAGE_KEY,
} from '../lib/browser-storage';
import {
  createWordPressDraft,
  normaliseSiteUrl,
  PASSWORD_REQUIRED_MESSAGE,
  SITE_INVALID_MESSAGE,
  SITE_REQUIRED_MESSAGE,
  USERNAME_REQUIRED_MESSAGE,
  WORDPRESS_FAILED_MESSAGE,
  WordPressError,
  type WordPressDraft,
} from '../lib/wordpress';
import styles from './youtube-article.module.css';

export const WORDPRESS_DETAILS_NOTE =
  'Kept only in this browser and sent only to your WordPress site; never to our servers.';

interface FieldErrors {
  site?: string;
  username?: string;
  password?: string;
}

type PublishStatus =
  | { kind: 'idle' }
  | { kind: 'publishing' }
  | { kind: 'failed'; message: string }
  | { kind: 'created'; draft: WordPressDraft };

export interface PublishToWordPressDialogProps {
  open: boolean;
  onClose: () => void;
  /** The article as the user edited it. */
  article: string;
  fallbackTitle: string;
}

function fieldErrors(site: string, username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (site.trim() === '') errors.site = SITE_REQUIRED_MESSAGE;
  else if (!normaliseSiteUrl(site)) errors.site = SITE_INVALID_MESSAGE;
  if (username.trim() === '') errors.username = USERNAME_REQUIRED_MESSAGE;
  if (password.trim() === '') errors.password = PASSWORD_REQUIRED_MESSAGE;
  return errors;
}

/**
 * "Publish to WordPress" (D33): the site address, user name and application password (kept
 * only in this browser), then a draft post created straight from the browser, with a link to
 * edit it in WordPress.
 */
export function PublishToWordPressDialog({ open, onClose, article, fallbackTitle }: PublishToWordPressDialogProps) {
  const site = useStoredText(WORDPRESS_SITE_STORAGE_KEY);
  const username = useStoredText(WORDPRESS_USERNAME_STORAGE_KEY);
  const password = useStoredText(WORDPRESS_PASSWORD_STORAGE_KEY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<PublishStatus>({ kind: 'idle' });
  const siteRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const createdRef = useRef<HTMLHeadingElement>(null);
  const busy = status.kind === 'publishing';
  const hasDetails = site.value !== '' || username.value !== '' || password.value !== '';

  useEffect(() => {
    if (status.kind === 'created') createdRef.current?.focus();
  }, [status.kind]);

  function close() {
    setErrors({});
    setSubmitted(false);
    setStatus({ kind: 'idle' });
    onClose();
  }

  // Validate on submit, then re-validate as the user types.
  function change(field: ReturnType<typeof useStoredText>, value: string, next: (value: string) => FieldErrors) {
    field.change(value);
    if (status.kind === 'failed') setStatus({ kind: 'idle' });
    if (submitted) setErrors(next(value));
  }

  function forget() {
    site.forget();
    username.forget();
    password.forget();
    setErrors({});
    setSubmitted(false);
    setStatus({ kind: 'idle' });
    siteRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = fieldErrors(site.value, username.value, password.value);
    setErrors(found);
    const normalised = normaliseSiteUrl(site.value);
    if (found.site || !normalised) return siteRef.current?.focus();
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    setStatus({ kind: 'publishing' });
    try {
      const draft = await createWordPressDraft({
        site: normalised,
        username: username.value,
        applicationPassword: password.value,
        post: articleToPost(article, fallbackTitle),
      });
      setStatus({ kind: 'created', draft });
    } catch (error) {
      setStatus({ kind: 'failed', message: error instanceof WordPressError ? error.message : WORDPRESS_FAILED_MESSAGE });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Publish to WordPress"
      description="Creates a draft post on your WordPress site. You review and publish it there."
      closeLabel="Close Publish to WordPress"
    >
      {status.kind === 'created' ? (
        <div className={styles.dialogBody}>
          <div className={styles.created}>
            <CheckCircleIcon className={styles.createdIcon} />
            <div>
              <h3 ref={createdRef} tabIndex={-1} className={styles.createdTitle}>
                Draft created
              </h3>
              <p>Your article is saved as a draft on your WordPress site.</p>
            </div>
          </div>
          <a href={status.draft.editUrl} target="_blank" rel="noopener noreferrer" className={styles.createdLink}>
            Edit the draft in WordPress
          </a>
          <DialogActions>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </div>
      ) : (
        <form className={styles.dialogBody} noValidate onSubmit={(event) => void onSubmit(event)}>
          <p className={styles.panelText}>{WORDPRESS_DETAILS_NOTE}</p>
          <TextField
            ref={siteRef}
            label="Site URL"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://example.com"
            error={errors.site}
            value={site.value}
            readOnly={busy}
            onChange={(event) => change(site, event.target.value, (value) => fieldErrors(value, username.value, password.value))}
          />
          <TextField
            ref={usernameRef}
            label="User name"
            autoComplete="username"
            spellCheck={false}
            error={errors.username}
            value={username.value}
            readOnly={busy}
            onChange={(event) => change(username, event.target.value, (value) => fieldErrors(site.value, value, password.value))}
          />
          <TextField
            ref={passwordRef}
            label="Application password"
            type="password"
            revealable
            autoComplete="off"
            spellCheck={false}
            hint="Create one in WordPress under Users → Profile → Application Passwords."
            error={errors.password}
            value={password.value}
            readOnly={busy}
            onChange={(event) => change(password, event.target.value, (value) => fieldErrors(site.value, username.value, value))}
          />
          {status.kind === 'failed' ? (
            <p role="alert" className={styles.dialogError}>
              {status.message}
            </p>
          ) : null}
          <DialogActions>
            <Button variant="ghost" disabled={busy || !hasDetails} onClick={forget}>
              Forget these details
            </Button>
            <Button variant="secondary" disabled={busy} onClick={close}>
              Cancel
            </Button>
            {/* aria-disabled rather than disabled: the button keeps focus while the draft is created. */}
            <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
              {busy ? 'Creating Draft...' : 'Create Draft'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
