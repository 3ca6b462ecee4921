import { useEffect } from 'react';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/api/base-api';
import { useCheckedForm } from '../../../shared/lib/use-checked-form';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { notifyError } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/text-field';
import { useLoginMutation } from '../api/identity.api';
import { signInSchema, type SignInOutput } from '../lib/schemas';
import styles from './forms.module.css';

export interface SignInFormProps {
  /** Shows "Forgot password?" (D36), which calls this with the e-mail typed so far. */
  onForgotPassword?: (email: string) => void;
  /** The e-mail to start with (coming back from "Forgot password?"). */
  defaultEmail?: string;
  /** Focus the e-mail field (or, with `'password'`, the password field) when the form appears. */
  autoFocus?: boolean | 'password';
}

/**
 * Sign in (001 §2, §5; 000 §8 toasts). On success the cached user is replaced, and /auth's
 * signed-in redirect takes the visitor on (to /pricing when a plan or pack is pending).
 */
export function SignInForm({ onForgotPassword, defaultEmail = '', autoFocus = false }: SignInFormProps = {}) {
  const [login] = useLoginMutation();
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useCheckedForm(signInSchema, { email: defaultEmail, password: '' });

  useEffect(() => {
    if (autoFocus) setFocus(autoFocus === 'password' ? 'password' : 'email');
  }, [autoFocus, setFocus]);

  async function onSubmit(values: SignInOutput) {
    try {
      const user = await login(values).unwrap();
      toast.success('Welcome back!', { description: `Logged in as ${user?.email ?? values.email}` });
    } catch (error) {
      notifyError('Login failed', { description: getErrorMessage(error) });
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <EmailField error={errors.email?.message} {...register('email')} />
      <div className={styles.passwordBlock}>
        <TextField
          label="Password"
          type="password"
          revealable
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {onForgotPassword ? (
          // D36: the way to a reset link, where a forgotten password is noticed.
          <button type="button" className={styles.textButton} onClick={() => onForgotPassword(getValues('email').trim())}>
            Forgot password?
          </button>
        ) : null}
      </div>
      <Button type="submit" variant="primary" block size="lg" aria-disabled={isSubmitting || undefined}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
