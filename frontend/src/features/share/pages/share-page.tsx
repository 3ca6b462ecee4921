import { quotePrompt, sharedEditMeta, UNAVAILABLE_SHARE_META, SITE_NAME } from '@page-meta/page-meta';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { getErrorStatus } from '../../../shared/api/base-api';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { failureText } from '../../../shared/api/error-text';
import { useMakeEditPublicMutation, useSharedEditQuery, type SharedEdit } from '../../../shared/api/shared-edit.api';
import type { Rendition } from '../../../shared/api/renditions';
import { applyPageMeta } from '../../../shared/lib/page-meta';
import { useSignUpDialog } from '../../../shared/lib/sign-up-dialog';
import { aiEditedAlt } from '../../../shared/ui/ai-edited-badge';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { AlertCircleIcon, LockIcon, SparklesIcon } from '../../../shared/ui/icons';
import { ImageFigure } from '../../../shared/ui/image-figure';
import { notifyError } from '../../../shared/ui/notify';
import { ReportButton } from '../../../shared/ui/report-button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Spinner } from '../../../shared/ui/spinner';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { modelName } from '../lib/model-name';
import styles from './share-page.module.css';

/** How wide each image is drawn (D31 `sizes`): two columns of a 60rem page from 720 px, one below. */
export const SHARE_IMAGE_SIZES = '(min-width: 720px) min(29rem, calc(50vw - 2.5rem)), calc(100vw - 2rem)';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function formatDate(timestamp: string): string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : DATE_FORMAT.format(date);
}

export interface SharePageProps {
  /** The laugh control of a public edit (the community feature's, composed in by app/routes/share.tsx). */
  renderLaugh?: (edit: SharedEdit) => ReactNode;
}

/**
 * /share/{id} (issue 15): one edit as a link opens it: the prompt, the photo before and after (the
 * after one labelled "AI-edited", D42), a laugh button, the Content Credentials section (D42),
 * Report (D43: a public edit, for anyone but its owner) and "Make your own". A public edit opens for anyone; a private or hidden one only for
 * its owner (and admins), who are told so; anyone else is told that it is not available. The
 * server has already sent this page's title, description and link-preview tags (shared/http in
 * the backend); this keeps the title and description right in the browser.
 */
export function SharePage({ renderLaugh }: SharePageProps) {
  const { id } = useParams();
  const query = useSharedEditQuery(id || skipToken);
  const edit = query.data;
  const unavailable = !edit && (!id || getErrorStatus(query.error) === 404);

  useEffect(() => {
    if (edit) applyPageMeta(sharedEditMeta(edit.prompt));
    else if (unavailable) applyPageMeta(UNAVAILABLE_SHARE_META);
    else if (query.isError) applyPageMeta({ ...UNAVAILABLE_SHARE_META, title: `Could not load this edit · ${SITE_NAME}` });
  }, [edit, unavailable, query.isError]);

  if (edit) return <SharedEditView key={edit.id} edit={edit} laugh={edit.visibility === 'public' ? renderLaugh?.(edit) : null} />;
  if (unavailable) return <Unavailable />;
  if (query.isError) {
    return (
      <div className={styles.page}>
        <div className={styles.message}>
          <AlertCircleIcon width={28} height={28} className={styles.messageIcon} />
          <h1 className={styles.messageTitle}>Could not load this edit</h1>
          <p role="alert">{failureText(query.error, 'Something went wrong. Please try again.')}</p>
          <Button variant="primary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return <Loading />;
}

function Loading() {
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.header}>
        <Spinner label="Loading the edit..." />
        <Skeleton height="2.25rem" width="min(100%, 28rem)" />
        <Skeleton height="1rem" width="10rem" />
      </div>
      <div className={styles.pair} aria-hidden="true">
        <Skeleton className={styles.frame} height="auto" />
        <Skeleton className={styles.frame} height="auto" />
      </div>
    </div>
  );
}

function Unavailable() {
  return (
    <div className={styles.page}>
      <div className={styles.message}>
        <LockIcon width={28} height={28} className={styles.messageIcon} />
        <h1 className={styles.messageTitle}>This edit is not available</h1>
        <p>It may be private, or it may have been deleted. Only the person who made a private edit can open its link.</p>
        <Link to="/leaderboard" className={styles.textLink}>
          See the Hall of Fame instead
        </Link>
      </div>
      <MakeYourOwn />
    </div>
  );
}

function SharedEditView({ edit, laugh }: { edit: SharedEdit; laugh: ReactNode }) {
  const headingId = useId();
  const prompt = edit.prompt.trim();
  const created = formatDate(edit.timestamp);
  return (
    <article className={styles.page} aria-labelledby={headingId}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <SparklesIcon width={16} height={16} />
          Made with Magic Editor
        </p>
        <h1 id={headingId} className={styles.title}>
          {prompt ? quotePrompt(prompt) : 'An edit made with Magic Editor'}
        </h1>
        <p className={styles.meta}>
          {created ? (
            <span>
              Made <time dateTime={edit.timestamp}>{created}</time>
            </span>
          ) : null}
          {edit.style ? <span className={styles.style}>{edit.style}</span> : null}
        </p>
      </header>

      {edit.visibility === 'public' ? null : <OnlyYouNotice edit={edit} />}

      <div className={styles.pair}>
        <SharedImage src={edit.originalUrl} renditions={edit.originalRenditions} alt="The photo before the edit" caption="Before" />
        <SharedImage src={edit.imageUrl} renditions={edit.generatedRenditions} alt={aiEditedAlt(prompt)} caption="After" aiEdited />
      </div>

      {laugh ? <div className={styles.laugh}>{laugh}</div> : null}

      <ContentCredentials edit={edit} />

      {edit.visibility === 'public' && !edit.isOwner ? (
        <div className={styles.report}>
          <span>Something wrong with this image?</span>
          <ReportButton imageId={edit.id} />
        </div>
      ) : null}

      <MakeYourOwn />
    </article>
  );
}

/** One image of the pair, shown whole in its own shape (never cropped). */
function SharedImage({
  src,
  renditions,
  alt,
  caption,
  aiEdited = false,
}: {
  src: string;
  renditions: readonly Rendition[];
  alt: string;
  caption: string;
  aiEdited?: boolean;
}) {
  return (
    <ImageFigure
      src={src}
      renditions={renditions}
      sizes={SHARE_IMAGE_SIZES}
      fallbackWidth={640}
      fallbackHeight={480}
      alt={alt}
      caption={caption}
      newTabHint=" (opens the full image in a new tab)"
      classes={styles}
      aiEdited={aiEdited}
    />
  );
}

/** Where anyone can read the image file's content credentials (D42). */
const VERIFY_URL = 'https://contentcredentials.org/verify';

/**
 * D42 (EU AI Act Art. 50): what the image file's C2PA content credentials say, in words: made with
 * Magic Editor, by which model (a row only when the server names one), when, from an uploaded
 * photo, and where to check them.
 */
function ContentCredentials({ edit }: { edit: SharedEdit }) {
  const headingId = useId();
  const model = modelName(edit.model);
  const created = formatDate(edit.timestamp);
  return (
    <Card as="section" className={styles.credentials} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.credentialsTitle}>
        Content Credentials
      </h2>
      <dl className={styles.credentialsList}>
        <div>
          <dt>Made with</dt>
          <dd>Magic Editor</dd>
        </div>
        {model ? (
          <div>
            <dt>Model</dt>
            <dd>{model}</dd>
          </div>
        ) : null}
        {created ? (
          <div>
            <dt>When</dt>
            <dd>
              <time dateTime={edit.timestamp}>{created}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Edited from</dt>
          <dd>an uploaded photo</dd>
        </div>
      </dl>
      <p className={styles.credentialsNote}>
        The image file carries C2PA Content Credentials that say it was edited with AI. Check them at{' '}
        <a href={VERIFY_URL} target="_blank" rel="noopener noreferrer">
          contentcredentials.org/verify
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
        .
      </p>
    </Card>
  );
}

/** What the owner (or an admin) of an edit that is not public is told, with a way to make it public. */
function OnlyYouNotice({ edit }: { edit: SharedEdit }) {
  const [makePublic, making] = useMakeEditPublicMutation();
  let text: string;
  if (edit.visibility === 'hidden') {
    text = 'A moderator has hidden this edit from the community, so only you can see this page.';
  } else if (edit.isOwner) {
    text = 'This edit is private: only you can see this page. Anyone else who opens the link is told it is not available.';
  } else {
    text = 'This edit is private. You can see it because you are an admin.';
  }
  async function publish() {
    try {
      await makePublic(edit.id).unwrap();
      toast.success('Your edit is public', { description: 'Anyone with the link can see it now.' });
    } catch (error) {
      notifyError('Could not make the edit public', { description: failureText(error, 'Please try again.') });
    }
  }
  const canPublish = edit.isOwner && edit.visibility === 'private';
  return (
    <div className={styles.notice}>
      <LockIcon width={20} height={20} className={styles.noticeIcon} />
      <p>{text}</p>
      {canPublish ? (
        <Button
          size="sm"
          variant="secondary"
          aria-busy={making.isLoading || undefined}
          aria-disabled={making.isLoading || undefined}
          onClick={() => {
            if (!making.isLoading) void publish();
          }}
        >
          {making.isLoading ? 'Making it public...' : 'Make it public'}
        </Button>
      ) : null}
    </div>
  );
}

/** "Make your own": the editor when signed in, else the sign-up dialog (000 §2). */
function MakeYourOwn() {
  const headingId = useId();
  const { data: user } = useGetCurrentUserQuery();
  const { openSignUp } = useSignUpDialog();
  return (
    <Card as="section" className={styles.cta} aria-labelledby={headingId}>
      <div className={styles.ctaText}>
        <h2 id={headingId} className={styles.ctaTitle}>
          Your photo, one sentence
        </h2>
        <p>
          Upload a photo, describe the change, and get your edit back in seconds.
          {user ? null : ' Verify your email and your first 2 edits are on us.'}
        </p>
      </div>
      {user ? (
        <ButtonLink to="/dashboard" variant="primary" size="lg" className={styles.ctaButton}>
          Make your own
        </ButtonLink>
      ) : (
        <Button variant="primary" size="lg" className={styles.ctaButton} onClick={() => openSignUp()}>
          Make your own
        </Button>
      )}
    </Card>
  );
}
