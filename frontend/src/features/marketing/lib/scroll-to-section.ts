/** True when the visitor asked the system for less motion (DESIGN.md "Motion"). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the element with this id into view (smoothly, unless reduced motion is preferred) and
 * moves keyboard and screen-reader focus to `focusTarget` inside it (default: the element
 * itself), without a second jump. The focus target needs tabIndex -1 unless it is focusable.
 */
export function scrollToSection(id: string, focusTarget?: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  const focusable = (focusTarget ? document.getElementById(focusTarget) : null) ?? section;
  focusable.focus({ preventScroll: true });
}
