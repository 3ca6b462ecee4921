import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

type NewPasswordField = 'newPassword' | 'confirmPassword';

export interface NewPasswordFieldsProps {
  /** The form's `register` (its values hold `newPassword` and `confirmPassword`). */
  register: (name: NewPasswordField) => UseFormRegisterReturn;
  /** The form's errors; each field shows its own message. */
  errors: Partial<Record<NewPasswordField, { message?: string | undefined } | undefined>>;
}

/**
 * The new password and its confirmation, each with a show/hide toggle (001 §2), as the profile's
 * Change Password card and the reset page (D36) both ask for them. Their rules are
 * `newPasswordFields` and `withMatchingConfirmation` in shared/lib/new-password.
 */
export function NewPasswordFields({ register, errors }: NewPasswordFieldsProps) {
  return (
    <>
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
    </>
  );
}
