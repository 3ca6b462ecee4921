import { toast } from 'sonner';
import { z } from 'zod';
import { getErrorStatus } from '../../../shared/api/base-api';
import { newPasswordFields, withMatchingConfirmation } from '../../../shared/lib/new-password';
import { useCheckedForm } from '../../../shared/lib/use-checked-form';
import { Button } from '../../../shared/ui/button';
import { LockIcon } from '../../../shared/ui/icons';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { notifyError } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/text-field';
import { useChangePasswordMutation } from '../api/profile.api';
import styles from './profile-cards.module.css';
import { ProfileCard } from './profile-card';

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
  } = useCheckedForm(changePasswordSchema, EMPTY);

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
    <ProfileCard titleId="change-password-title" icon={<LockIcon />} title="Change Password">
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextField
          label="Current password"
          type="password"
          revealable
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields register={register} errors={errors} />
        <Button type="submit" variant="primary" className={styles.submit} aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Changing Password...' : 'Change Password'}
        </Button>
      </form>
    </ProfileCard>
  );
}
