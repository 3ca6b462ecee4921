import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/api/base-api';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { useLoginMutation } from '../api/identity.api';
import { signInSchema, type SignInOutput, type SignInValues } from '../lib/schemas';
import styles from './forms.module.css';

/**
 * Sign in (001 §2, §5; 000 §8 toasts). On success the cached user is replaced, and /auth's
 * signed-in redirect takes the visitor on (to /pricing when a plan or pack is pending).
 */
export function SignInForm() {
  const [login] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, SignInOutput>({
    resolver: zodResolver(signInSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  async function onSubmit(values: SignInOutput) {
    try {
      const user = await login(values).unwrap();
      toast.success('Welcome back!', { description: `Logged in as ${user?.email ?? values.email}` });
    } catch (error) {
      toast.error('Login failed', { description: getErrorMessage(error) });
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        revealable
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" variant="primary" block size="lg" aria-disabled={isSubmitting || undefined}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
