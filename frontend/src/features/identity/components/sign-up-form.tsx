import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import {
  getErrorCode,
  getErrorDetails,
  getErrorMessage,
  getServerErrorText,
} from '../../../shared/api/base-api';
import type { CurrentUser } from '../../../shared/api/current-user.api';
import { fieldMessages } from '../../../shared/api/error-text';
import type { SignUpMode } from '../../../shared/lib/sign-up-dialog';
import { useCheckedForm } from '../../../shared/lib/use-checked-form';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { notifyError } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/text-field';
import { useRegisterMutation, type RegistrationRequest } from '../api/identity.api';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { SIGN_UP_DEFAULTS, signUpSchema, type SignUpOutput, type SignUpValues } from '../lib/schemas';
import { CaptchaField } from './captcha-field';
import styles from './forms.module.css';
import { TermsNotice } from './terms-notice';

const FIELDS: readonly FieldPath<SignUpValues>[] = ['email', 'username', 'password', 'firstName', 'lastName'];

/** 001 §4: the captcha appears when an error mentions CAPTCHA or flags that one is required. */
export function needsCaptcha(error: unknown): boolean {
  const details = getErrorDetails(error);
  const flagged =
    typeof details === 'object' && details !== null && (details as { requiresCaptcha?: unknown }).requiresCaptcha === true;
  return flagged || /captcha/i.test(getErrorMessage(error, ''));
}

/** Field errors from a 400 (`details: [{field, messages}]`) or a 409 on e-mail / username. */
function fieldErrors(error: unknown): Partial<Record<FieldPath<SignUpValues>, string>> {
  const found: Partial<Record<FieldPath<SignUpValues>, string>> = {};
  const messages = fieldMessages(error);
  for (const name of FIELDS) {
    const message = messages[name];
    if (message) found[name] = message;
  }
  const text = getServerErrorText(error);
  if (text && getErrorCode(error) === 'IDENTITY.EMAIL_TAKEN') found.email = text;
  if (text && getErrorCode(error) === 'IDENTITY.USERNAME_TAKEN') found.username = text;
  return found;
}

/** The codes of a refused sign-up whose way on is signing in: the e-mail is taken (409), or this device already has an account (D19/D20). */
const SIGN_IN_INSTEAD_CODES = new Set(['IDENTITY.EMAIL_TAKEN', 'IDENTITY.CAPTCHA_UNAVAILABLE']);

/** What the form says when a sign-up was refused because the person already has an account. */
export function existingAccountText(error: unknown, email: string): string | undefined {
  const code = getErrorCode(error);
  if (!code || !SIGN_IN_INSTEAD_CODES.has(code)) return undefined;
  if (code === 'IDENTITY.EMAIL_TAKEN') return `${email} already has an account.`;
  return getServerErrorText(error) ?? 'This device already has an account.';
}

export interface SignUpFormProps {
  /** `signup` or the video waitlist (`video`); sent as `source`. */
  mode?: SignUpMode;
  /** The dialog asks e-mail first (000 §2); /auth asks names first (001 §2). */
  layout?: 'dialog' | 'page';
  /** Called after the "Account created!" toast, with the new (signed-in) user. */
  onRegistered?: (user: CurrentUser | null) => void;
  /** Receives the first field, for the dialog's initial focus. */
  /** The terms-and-privacy notice under the button (/auth shows one for both tabs instead). */
  showTerms?: boolean;
  firstFieldRef?: RefObject<HTMLInputElement | null> | ((element: HTMLInputElement | null) => void);
  /**
   * "Sign in instead", after a sign-up refused because the person already has an account (the
   * e-mail is taken, or the device has one): called with the e-mail typed.
   */
  onSignInInstead?: (email: string) => void;
}

/**
 * Registration (000 §2, §5, §8; 001 §2-§4): validated on submit, re-validated on change; sends
 * the device fingerprint, and the captcha token once the server has asked for a captcha.
 */
export function SignUpForm({
  mode = 'signup',
  layout = 'dialog',
  onRegistered,
  showTerms = true,
  firstFieldRef,
  onSignInInstead,
}: SignUpFormProps) {
  const [registerAccount] = useRegisterMutation();
  const [existingAccount, setExistingAccount] = useState<{ text: string; email: string } | null>(null);
  const [captcha, setCaptcha] = useState<{ required: boolean; message?: string | undefined }>({ required: false });
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm(signUpSchema, SIGN_UP_DEFAULTS);

  // Fingerprinting takes a moment: start it as soon as the form shows.
  useEffect(() => {
    void getDeviceFingerprint();
  }, []);

  const captchaMissing = captcha.required && !captchaToken;

  const submitting = useRef(false);
  async function onSubmit(values: SignUpOutput) {
    if (captchaMissing || submitting.current) return;
    submitting.current = true;
    try {
      await registerWith(values);
    } finally {
      submitting.current = false;
    }
  }

  async function registerWith(values: SignUpOutput) {
    const deviceFingerprint = await getDeviceFingerprint();
    const request: RegistrationRequest = {
      email: values.email,
      username: values.username,
      password: values.password,
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
      ...(deviceFingerprint ? { deviceFingerprint } : {}),
      ...(captchaToken ? { captchaToken } : {}),
      source: mode,
    };
    setExistingAccount(null);
    try {
      const user = await registerAccount(request).unwrap();
      toast.success('Account created!', { description: 'You can now start editing photos' });
      reset(SIGN_UP_DEFAULTS);
      setCaptcha({ required: false });
      setCaptchaToken(null);
      onRegistered?.(user);
    } catch (error) {
      if (needsCaptcha(error)) setCaptcha({ required: true, message: getServerErrorText(error) });
      if (captchaToken) {
        // A Turnstile token is single-use: get a fresh one for the next attempt.
        setCaptchaToken(null);
        setCaptchaResetKey((key) => key + 1);
      }
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        setError(name as FieldPath<SignUpValues>, { type: 'server', message });
      }
      const existing = existingAccountText(error, values.email);
      if (existing) setExistingAccount({ text: existing, email: values.email });
      notifyError('Registration failed', { description: getErrorMessage(error) });
    }
  }

  // The first field also goes to the dialog, so that it takes focus when the dialog opens.
  const firstField: FieldPath<SignUpValues> = layout === 'dialog' ? 'email' : 'firstName';
  function field(name: FieldPath<SignUpValues>) {
    const registration = register(name);
    const error = errors[name]?.message;
    if (name !== firstField || !firstFieldRef) return { ...registration, error };
    return {
      ...registration,
      error,
      ref: (element: HTMLInputElement | null) => {
        registration.ref(element);
        if (typeof firstFieldRef === 'function') firstFieldRef(element);
        else firstFieldRef.current = element;
      },
    };
  }

  const emailField = <EmailField {...field('email')} />;
  const usernameField = (
    <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
  );
  const passwordField = (
    <TextField label="Password" type="password" revealable autoComplete="new-password" {...field('password')} />
  );
  const firstNameField = <TextField label="First name" optional autoComplete="given-name" {...field('firstName')} />;
  const lastNameField = <TextField label="Last name" optional autoComplete="family-name" {...field('lastName')} />;

  const pending = isSubmitting;
  const submitLabel = mode === 'video' ? 'Join Video Waitlist' : 'Create Account';

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {layout === 'dialog' ? (
        <>
          {emailField}
          {usernameField}
          {passwordField}
          <div className={styles.row}>
            {firstNameField}
            {lastNameField}
          </div>
        </>
      ) : (
        <>
          <div className={styles.row}>
            {firstNameField}
            {lastNameField}
          </div>
          {usernameField}
          {emailField}
          {passwordField}
        </>
      )}

      {existingAccount ? (
        <div className={styles.refusal} role="alert">
          <p>{existingAccount.text}</p>
          {onSignInInstead ? (
            <Button type="button" variant="secondary" onClick={() => onSignInInstead(existingAccount.email)}>
              Sign in instead
            </Button>
          ) : null}
        </div>
      ) : null}

      {captcha.required ? (
        <CaptchaField serverMessage={captcha.message} onToken={setCaptchaToken} resetKey={captchaResetKey} />
      ) : null}

      <Button type="submit" variant="primary" block size="lg" disabled={captchaMissing} aria-disabled={pending || undefined}>
        {pending ? (mode === 'video' ? 'Joining...' : 'Creating Account...') : submitLabel}
      </Button>
      {showTerms ? <TermsNotice /> : null}
    </form>
  );
}
