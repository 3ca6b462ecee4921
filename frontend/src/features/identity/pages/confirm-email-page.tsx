import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { getErrorStatus, getServerErrorText } from '../../../shared/api/base-api';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { AlertCircleIcon, CheckCircleIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { cx } from '../../../shared/lib/cx';
import { useConfirmEmailQuery } from '../api/identity.api';
import { ResendConfirmationForm } from '../components/resend-confirmation-form';
import styles from './confirm-email-page.module.css';

export const VERIFIED_DEFAULT = 'Email verified successfully! You now have 2 free credits.';
export const VERIFY_FAILED = 'Email verification failed';
export const VERIFY_NETWORK_FAILED = 'Failed to verify email. Please try again.';
export const INVALID_LINK = 'Invalid confirmation link';
/** 001 §2 / §9: after a successful verification the page goes to / after 3 seconds. */
export const VERIFIED_REDIRECT_MS = 3000;

function StateCard({ tone, title, icon, children }: { tone: 'busy' | 'success' | 'error'; title: string; icon: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Card as="section" className={styles.card} aria-labelledby="confirm-email-title">
      <span className={cx(styles.icon, styles[tone])} aria-hidden={tone === 'busy' ? undefined : 'true'}>
        {icon}
      </span>
      <h1 id="confirm-email-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </Card>
  );
}

function Failure({ message }: { message: string }) {
  const { data: user } = useGetCurrentUserQuery();
  return (
    <StateCard tone="error" title="Verification Failed" icon={<AlertCircleIcon width={28} height={28} />}>
      <p role="alert" className={styles.message}>
        {message}
      </p>
      <div className={styles.resend}>
        <ResendConfirmationForm defaultEmail={user?.email ?? ''} />
      </div>
      <ButtonLink to="/" variant="secondary" block>
        Back to Home
      </ButtonLink>
    </StateCard>
  );
}

/**
 * Where the page goes after 3 s: the landing page, with the query parameters that make it show
 * the verification toast of 000 §8 (and, for a signed-in user, move on to the editor).
 */
export function verifiedLandingPath(alreadyVerified: boolean): string {
  return alreadyVerified ? '/?info=already-verified' : '/?verified=true&credits=2';
}

function Success({ message, alreadyVerified }: { message: string; alreadyVerified: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(verifiedLandingPath(alreadyVerified)), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, alreadyVerified]);
  return (
    <StateCard tone="success" title="Email Verified!" icon={<CheckCircleIcon width={28} height={28} />}>
      <p role="status" className={styles.message}>
        {message}
      </p>
      <p className={styles.muted}>Taking you to the app in a few seconds...</p>
      <ButtonLink to="/dashboard" variant="primary" block>
        Continue to App
      </ButtonLink>
    </StateCard>
  );
}

/**
 * /confirm-email/{token} (001 §2, §4, §5, §8): verifies once per visit (StrictMode's second
 * mount shares the same request), then shows success (and goes home after 3 s) or the failure
 * with a way to ask for a new link. Success refreshes the user and the credits.
 */
export function ConfirmEmailPage() {
  const { token: rawToken } = useParams();
  const token = rawToken?.trim() ?? '';
  const { data, error, isLoading, isUninitialized } = useConfirmEmailQuery(token ? token : skipToken);

  if (!token) return <Failure message={INVALID_LINK} />;
  if (isLoading || isUninitialized) {
    return (
      <StateCard tone="busy" title="Verifying Email..." icon={<Spinner size="lg" label="Verifying your email" />}>
        <p className={styles.muted}>This only takes a moment.</p>
      </StateCard>
    );
  }
  if (error) {
    const message = getErrorStatus(error) === 0 ? VERIFY_NETWORK_FAILED : (getServerErrorText(error) ?? VERIFY_FAILED);
    return <Failure message={message} />;
  }
  return <Success message={data?.message ?? VERIFIED_DEFAULT} alreadyVerified={data?.alreadyVerified === true} />;
}
