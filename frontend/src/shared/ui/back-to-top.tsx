import { Button } from './button';
import styles from './back-to-top.module.css';

function ArrowUpIcon() {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 19V5M5 12l7-7 7 7" />
    </svg>
  );
}

/**
 * 000 §2 "Back to Top": scrolls to the top of the page (smoothly unless the user prefers reduced
 * motion) and moves keyboard focus there too.
 */
export function BackToTop() {
  function onClick() {
    const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }
  return (
    <div className={styles.wrap}>
      <Button variant="secondary" onClick={onClick}>
        <ArrowUpIcon />
        Back to Top
      </Button>
    </div>
  );
}
