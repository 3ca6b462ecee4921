import { screen } from '@testing-library/react';

/** Every toast on screen, in order, as its exact title and description text (null when absent). */
export function shownToasts(): { title: string | null; description: string | null }[] {
  return Array.from(document.querySelectorAll('[data-sonner-toast]')).map((item) => ({
    title: item.querySelector('[data-title]')?.textContent ?? null,
    description: item.querySelector('[data-description]')?.textContent ?? null,
  }));
}

/** A toast's title and its description, as sonner marks them (for getByText's `selector`). */
export const TOAST_TITLE = '[data-sonner-toast] [data-title]';
export const TOAST_DESCRIPTION = '[data-sonner-toast] [data-description]';

/** Waits for a toast whose title is exactly this text. */
export function findToastTitle(title: string) {
  return screen.findByText(title, { selector: TOAST_TITLE });
}

/** Waits for a toast whose description is exactly this text. */
export function findToastDescription(text: string) {
  return screen.findByText(text, { selector: TOAST_DESCRIPTION });
}
