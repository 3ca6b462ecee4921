import { useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

/**
 * /auth's Sign In tab: the sign-in form, or (after "Forgot password?", D36) the form that mails
 * a reset link, with the address already typed carried over. `defaultEmail` comes from "Sign in
 * instead" after a refused sign-up; the password field then takes focus.
 */
export function SignInPanel({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [view, setView] = useState<{ mode: 'signin' | 'forgot'; email: string; moved: boolean }>({
    mode: 'signin',
    email: defaultEmail,
    moved: false,
  });

  if (view.mode === 'forgot') {
    return (
      <ForgotPasswordForm
        defaultEmail={view.email}
        onBack={() => setView({ mode: 'signin', email: view.email, moved: true })}
        autoFocus
      />
    );
  }
  return (
    <SignInForm
      defaultEmail={view.email}
      autoFocus={view.moved ? true : defaultEmail !== '' ? 'password' : false}
      onForgotPassword={(email) => setView({ mode: 'forgot', email, moved: true })}
    />
  );
}
