import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { CloseIcon } from './icons';
import styles from './drawer.module.css';
import { useModal } from './use-modal';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The visible title of the drawer, also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

/**
 * A modal panel that slides in from the left (the mobile navigation). It traps focus, closes
 * on Escape or a click on the backdrop, locks page scroll, and gives focus back to whatever had
 * it before it opened.
 */
export function Drawer({ open, onClose, title, children, closeLabel = 'Close menu' }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(open, panelRef, onClose);

  if (!open) return null;

  return createPortal(
    <div className={styles.root}>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Button variant="ghost" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </Button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
