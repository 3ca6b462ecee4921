import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { getErrorStatus } from '../../../shared/api/base-api';
import { newPasswordFields, withMatchingConfirmation } from '../../../shared/lib/new-password';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { LockIcon } from '../../../shared/ui/icons';
import { notifyError } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/text-field';
import { useChangePasswordMutation } from '../api/profile.api';
import styles from './profile-cards.module.css';

/** 001 §5 "Change password". The match check runs as soon as both new fields are filled in. */
export const changePasswordSchema = withMatchingConfirmation(
  z.object({ currentPassword: z.string().min(1, 'Current password is required'), ...newPasswordFields }),
);

type ChangePasswordValues = z.input<typeof changePasswordSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_CHANGE_FALLBACK = 'Failed to change password. Please try again.';

/**
 * 001 §8 "Password": the body's `error` (or `message`); "Unknown error" when the body could not
 * be read as JSON; the fallback on a network failure or a body without either.
 */
export function passwordChangeFailureText(error: unknown): string {
  if (getErrorStatus(error) === 0) return PASSWORD_CHANGE_FALLBACK;
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return 'Unknown error';
  const body = data as { error?: unknown; message?: unknown };
  if (typeof body.error === 'string' && body.error !== '') return body.error;
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return PASSWORD_CHANGE_FALLBACK;
}

/** The profile's Change Password card (001 §2, §4, §5, §8). */
export function ChangePasswordCard() {
  const [changePassword] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });

  async function onSubmit(values: ChangePasswordValues) {
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      toast.success('Password Changed', {
        description: 'Your password has been updated successfully. A security notification has been sent to your email.',
      });
      reset(EMPTY);
    } catch (error) {
      notifyError('Password Change Failed', { description: passwordChangeFailureText(error) });
    }
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className={styles.cardTitle}>
        <LockIcon />
        Change Password
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextField
          label="Current password"
          type="password"
          revealable
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          revealable
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          revealable
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" variant="primary" className={styles.submit} aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Changing Password...' : 'Change Password'}
        </Button>
      </form>
    </Card>
  );
}
