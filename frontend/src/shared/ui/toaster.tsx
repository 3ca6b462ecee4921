import { Toaster } from 'sonner';
import styles from './toaster.module.css';

/** The default time of a toast that does not set its own (000 §9). */
export const TOAST_DEFAULT_MS = 4000;

/**
 * The app's one toaster. 000 §9: at most 3 visible, 4000 ms by default, bottom-right, 14 px gap
 * (356 px wide, 45 px swipe threshold and 200 ms removal delay are sonner's own defaults), with
 * 001 §2's close button. Error toasts (`toast.error`, normally through notifyError) get the
 * destructive colours; notifyError also gives them 001 §2's 5 s or more for long messages.
 */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      duration={TOAST_DEFAULT_MS}
      gap={14}
      closeButton
      toastOptions={{ classNames: { error: styles.error } }}
    />
  );
}
