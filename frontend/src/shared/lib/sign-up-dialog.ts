import { createContext, useContext } from 'react';

/** 000 §2 "Sign-up dialog": `signup` (default) or `video` (the video waitlist). */
export type SignUpMode = 'signup' | 'video';

export interface SignUpDialogControls {
  /**
   * Opens the dialog. `next` is where a new account lands after registering (an app path such as
   * "/dashboard?prompt=…"); /dashboard when not given (000 §4).
   */
  openSignUp: (mode?: SignUpMode, options?: { next?: string }) => void;
}

/**
 * Lets any page open the sign-up dialog without importing the identity feature (features may
 * not import each other, ARCHITECTURE rule 9): the identity feature owns the dialog, the app
 * shell (app/shell/sign-up-dialog-host.tsx) renders it and provides these controls.
 */
export const SignUpDialogContext = createContext<SignUpDialogControls | null>(null);

export function useSignUpDialog(): SignUpDialogControls {
  const controls = useContext(SignUpDialogContext);
  if (!controls) throw new Error('useSignUpDialog() needs <SignUpDialogHost> (app/shell) above it.');
  return controls;
}
