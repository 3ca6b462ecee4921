import { Toaster } from 'sonner';
import { useMediaQuery } from '../lib/use-media-query';
import styles from './toaster.module.css';

/** The default time of a toast that does not set its own (000 §9). */
export const TOAST_DEFAULT_MS = 4000;

/** Phones: sonner's own breakpoint, below which its toasts span the screen's width. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px)';

/**
 * On phones the toasts come in at the top, just under the top bar (issue 24): at the bottom
 * they covered what phones keep there, the editor's sticky Back / Generate Image bar and the
 * buttons of bottom sheets (dialogs), and under the top bar they leave its menu and avatar free.
 */
const PHONE_OFFSET = { top: 'calc(var(--topbar-height) + var(--space-2))' } as const;

/**
 * The app's one toaster. 000 §9: at most 3 visible, 4000 ms by default, bottom-right, 14 px gap
 * (356 px wide, 45 px swipe threshold and 200 ms removal delay are sonner's own defaults), with
 * 001 §2's close button. On phones (up to 600 px wide) top-center instead (PHONE_OFFSET), with
 * the same texts and times. Error toasts (`toast.error`, normally through notifyError) get the
 * destructive colours; notifyError also gives them 001 §2's 5 s or more for long messages.
 */
export function AppToaster() {
  const phone = useMediaQuery(PHONE_TOASTS_QUERY);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={PHONE_OFFSET}
      className={styles.toaster}
      visibleToasts={3}
      duration={TOAST_DEFAULT_MS}
      gap={14}
      closeButton
      toastOptions={{ classNames: { error: styles.error } }}
    />
  );
}
