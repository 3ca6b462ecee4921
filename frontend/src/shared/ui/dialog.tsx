import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { CloseIcon } from './icons';
import styles from './dialog.module.css';
import { useModal } from './use-modal';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The visible title, also the dialog's accessible name. */
  title: ReactNode;
  /** A short line under the title, also the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** The element that gets focus when the dialog opens (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A centred modal dialog (a sheet from the bottom on phones). Like the drawer it traps focus,
 * closes on Escape or a click on the backdrop, locks page scroll and gives focus back when it
 * closes (DESIGN.md "Accessibility").
 */
export function Dialog({ open, onClose, title, description, children, closeLabel = 'Close', initialFocus }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useModal(open, panelRef, onClose, initialFocus);

  if (!open) return null;

  return createPortal(
    <div className={styles.root}>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
      >
        <div className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          <Button variant="ghost" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </Button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * The dialog's buttons, the secondary one first: right-aligned, and stacked full-width on phones
 * with the last (main) button on top.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
