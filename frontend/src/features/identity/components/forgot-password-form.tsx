import { useEffect, useId, useRef, useState } from 'react';
import { getErrorStatus } from '../../../shared/api/base-api';
import { serverMessage } from '../../../shared/api/error-text';
import { useCheckedForm } from '../../../shared/lib/use-checked-form';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { ArrowLeftIcon, MailIcon } from '../../../shared/ui/icons';
import { EmailField } from '../../../shared/ui/email-field';
import { FORGOT_PASSWORD_SENT_TEXT, useForgotPasswordMutation } from '../api/identity.api';
import { forgotPasswordSchema, type ForgotPasswordOutput } from '../lib/schemas';
import styles from './forms.module.css';

export const FORGOT_PASSWORD_FAILED = 'Could not send the reset link. Please try again.';

export interface ForgotPasswordFormProps {
  /** The address typed on the Sign In form, if any. */
  defaultEmail?: string;
  /** Back to the Sign In form; without it, a link to /auth. */
  onBack?: () => void;
  /** The line above the field. */
  intro?: string;
  /** Focus the e-mail field when the form appears (it replaces what had focus). */
  autoFocus?: boolean;
}

/**
 * "Forgot password?" (D36): asks for the account's e-mail and sends POST /api/forgot-password.
 * The server answers the same for every address, so the form shows that answer whatever it is,
 * then offers the way back to Sign In. The hourly limits (429) and a bad address are said.
 */
export function ForgotPasswordForm({
  defaultEmail = '',
  onBack,
  intro = "Enter the email address of your account and we'll send you a link to choose a new password.",
  autoFocus = false,
}: ForgotPasswordFormProps) {
  const [forgotPassword] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const sentRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useCheckedForm(forgotPasswordSchema, { email: defaultEmail });

  useEffect(() => {
    if (autoFocus) setFocus('email');
  }, [autoFocus, setFocus]);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(values: ForgotPasswordOutput) {
    if (isSubmitting) return;
    setFailure(null);
    try {
      const answer = await forgotPassword({ email: values.email }).unwrap();
      setSent(answer.message || FORGOT_PASSWORD_SENT_TEXT);
    } catch (error) {
      const status = getErrorStatus(error);
      const text = serverMessage(error);
      if (status === 400 && text) setError('email', { type: 'server', message: text });
      // The hourly limits (429) and anything else the server says, else a general failure.
      else setFailure(text ?? FORGOT_PASSWORD_FAILED);
    }
  }

  const back = onBack ? (
    <Button variant="secondary" block onClick={onBack}>
      <ArrowLeftIcon />
      Back to Sign In
    </Button>
  ) : (
    <ButtonLink to="/auth" variant="secondary" block>
      <ArrowLeftIcon />
      Back to Sign In
    </ButtonLink>
  );

  if (sent) {
    return (
      <div className={styles.form}>
        <div ref={sentRef} tabIndex={-1} role="status" className={styles.notice}>
          <MailIcon />
          <p>{sent}</p>
        </div>
        <p className={styles.terms}>The link works once, for 1 hour. Check your spam folder if it does not arrive.</p>
        {back}
      </div>
    );
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <div className={styles.formHead}>
        <h2 id={`${formId}-title`} className={styles.formTitle}>
          Forgot your password?
        </h2>
        <p className={styles.muted}>{intro}</p>
      </div>
      <EmailField error={errors.email?.message} {...register('email')} />
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block aria-disabled={isSubmitting || undefined}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      {back}
    </form>
  );
}
