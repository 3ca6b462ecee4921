import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { getErrorCode, getErrorStatus } from '../../../shared/api/base-api';
import { fieldMessages, serverMessage } from '../../../shared/api/error-text';
import { useCheckedForm } from '../../../shared/lib/use-checked-form';
import { BackLink } from '../../../shared/ui/back-link';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { AlertCircleIcon, LockIcon } from '../../../shared/ui/icons';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { notifyError } from '../../../shared/ui/notify';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Spinner } from '../../../shared/ui/spinner';
import {
  RESET_LINK_INVALID_CODE,
  RESET_LINK_INVALID_TEXT,
  useCheckResetLinkQuery,
  useResetPasswordMutation,
} from '../api/identity.api';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { resetPasswordSchema, type ResetPasswordValues } from '../lib/schemas';
import styles from './reset-password-page.module.css';

export const RESET_DONE_TITLE = 'Password reset';
export const RESET_DONE_TEXT = 'Sign in with your new password.';
export const RESET_FAILED_TEXT = 'Could not reset your password. Please try again.';
export const RESET_CHECK_FAILED_TEXT = 'We could not check this link right now. Please try again.';

const EMPTY: ResetPasswordValues = { newPassword: '', confirmPassword: '' };

/** An answer that says the link cannot be used (expired, used, unknown). */
function isInvalidLink(error: unknown): boolean {
  return getErrorCode(error) === RESET_LINK_INVALID_CODE || serverMessage(error) === RESET_LINK_INVALID_TEXT;
}

/** The server's message for the new password (a 400 about its length), if that is what it said. */
function newPasswordError(error: unknown): string | undefined {
  if (getErrorStatus(error) !== 400) return undefined;
  const fromField = fieldMessages(error).newPassword;
  if (fromField) return fromField;
  const text = serverMessage(error);
  return text && /password/i.test(text) ? text : undefined;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <PageHeading title="Reset Password" eyebrow="Magic Editor" className={styles.heading} />
      <Card className={styles.card}>{children}</Card>
      <BackLink to="/">Back to Home</BackLink>
    </div>
  );
}

/** The link cannot be used: say so, and offer a new one (D36). */
function InvalidLink() {
  return (
    <>
      <div className={styles.problem}>
        <AlertCircleIcon />
        <p role="alert">{RESET_LINK_INVALID_TEXT}</p>
      </div>
      <ForgotPasswordForm intro="Enter the email address of your account and we'll send you a new link." />
    </>
  );
}

function NewPasswordForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm(resetPasswordSchema, EMPTY);

  async function onSubmit(values: ResetPasswordValues) {
    if (isSubmitting) return;
    try {
      await resetPassword({ token, newPassword: values.newPassword }).unwrap();
    } catch (error) {
      if (isInvalidLink(error)) {
        onInvalid();
        return;
      }
      const fieldMessage = newPasswordError(error);
      if (fieldMessage) setError('newPassword', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else notifyError('Password reset failed', { description: serverMessage(error) ?? RESET_FAILED_TEXT });
      return;
    }
    // D36: the reset does not sign in (and ended every session): Sign In with the new password.
    toast.success(RESET_DONE_TITLE, { description: RESET_DONE_TEXT });
    void navigate('/auth', { replace: true });
  }

  return (
    <form className={styles.form} noValidate aria-labelledby="reset-password-title" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <div className={styles.formHead}>
        <h2 id="reset-password-title" className={styles.formTitle}>
          <LockIcon />
          Choose a new password
        </h2>
        <p className={styles.muted}>Resetting your password signs you out on every device.</p>
      </div>
      <NewPasswordFields register={register} errors={errors} />
      <Button type="submit" variant="primary" block aria-disabled={isSubmitting || undefined}>
        {isSubmitting ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
}

/**
 * /reset-password/{token} (D36): checks the mailed link first; a usable link shows the new
 * password form (the change-password rules of 001 §5), and success goes to Sign In with a toast.
 * An expired, used or unknown link (found on load or on submit), or /reset-password without a
 * token, says so and offers to mail a new link.
 */
export function ResetPasswordPage() {
  const { token: rawToken } = useParams();
  const token = rawToken?.trim() ?? '';
  const [usedUp, setUsedUp] = useState(false);
  const check = useCheckResetLinkQuery(token && !usedUp ? token : skipToken, { refetchOnMountOrArgChange: true });

  if (!token || usedUp) {
    return (
      <Frame>
        <InvalidLink />
      </Frame>
    );
  }
  if (check.isLoading || check.isUninitialized || (check.isFetching && !check.data)) {
    return (
      <Frame>
        <div className={styles.checking}>
          <Spinner size="lg" label="Checking your reset link..." showLabel />
        </div>
      </Frame>
    );
  }
  if (check.error) {
    const invalid = isInvalidLink(check.error) || getErrorStatus(check.error) === 400 || getErrorStatus(check.error) === 404;
    return (
      <Frame>
        {invalid ? (
          <InvalidLink />
        ) : (
          <div className={styles.form}>
            <div className={styles.problem}>
              <AlertCircleIcon />
              <p role="alert">{RESET_CHECK_FAILED_TEXT}</p>
            </div>
            <Button variant="primary" block onClick={() => void check.refetch()}>
              Try Again
            </Button>
          </div>
        )}
      </Frame>
    );
  }
  if (!check.data?.valid) {
    return (
      <Frame>
        <InvalidLink />
      </Frame>
    );
  }
  return (
    <Frame>
      <NewPasswordForm token={token} onInvalid={() => setUsedUp(true)} />
    </Frame>
  );
}
