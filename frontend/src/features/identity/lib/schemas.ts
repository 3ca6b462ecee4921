import { z } from 'zod';
import { newPasswordFields, withMatchingConfirmation } from '../../../shared/lib/new-password';

/**
 * The sign-up form (000 §5): a valid e-mail, a username of at least 3 characters, a password of
 * at least 6; first and last name optional. The same rules on /auth's Sign Up tab (001 §5 shows
 * none there; the server enforces these anyway, so saying so before the round trip is kinder).
 * The username's other rules repeat the server's (contract), with its wording.
 */
export const signUpSchema = z.object({
  email: z.string().trim().max(255, 'Email must be at most 255 characters').pipe(z.email('Please enter a valid email address')),
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30, 'Username must be at most 30 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores'),
  password: z.string().min(6, 'Password must be at least 6 characters').max(255, 'Password must be at most 255 characters'),
  firstName: z.string().trim().max(255, 'First name must be at most 255 characters'),
  lastName: z.string().trim().max(255, 'Last name must be at most 255 characters'),
});

export type SignUpValues = z.input<typeof signUpSchema>;
export type SignUpOutput = z.output<typeof signUpSchema>;

export const SIGN_UP_DEFAULTS: SignUpValues = { email: '', username: '', password: '', firstName: '', lastName: '' };

/** Sign in (001 §5): both fields required. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});

export type SignInValues = z.input<typeof signInSchema>;
export type SignInOutput = z.output<typeof signInSchema>;

/** "Forgot password?" (D36): an address is needed, and it must look like one. */
export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .max(255, 'Email must be at most 255 characters')
    .pipe(z.email('Please enter a valid email address')),
});

export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordOutput = z.output<typeof forgotPasswordSchema>;

/** The reset page (D36) applies the change-password rules of 001 §5 with their messages. */
export const resetPasswordSchema = withMatchingConfirmation(z.object(newPasswordFields));

export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
