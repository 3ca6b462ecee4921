import { z } from 'zod';

/**
 * A new password and its confirmation, with the change-password rules of 001 §5 and their messages:
 * at least 8 characters (at most 255, the server's limit), the confirmation required and matching.
 * The profile's Change Password card and the reset page (D36) both use it.
 */
export const newPasswordFields = {
  newPassword: z.string().min(8, 'Password must be at least 8 characters').max(255, 'Password must be at most 255 characters'),
  confirmPassword: z.string().min(1, 'Please confirm your password'),
};

const newPasswordRules = z.object(newPasswordFields);

/**
 * Adds the match check to a schema holding `newPassword` and `confirmPassword`. It runs once both
 * are otherwise valid, so a short password is not also told that the confirmation differs.
 */
export function withMatchingConfirmation<S extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(schema: S) {
  return schema.refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    when: (payload) => newPasswordRules.safeParse(payload.value).success,
  });
}
