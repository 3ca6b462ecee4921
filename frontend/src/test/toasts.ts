import { screen } from '@testing-library/react';

/** Every toast on screen, in order, as its exact title and description text (null when absent). */
export function shownToasts(): { title: string | null; description: string | null }[] {
  return Array.from(document.querySelectorAll('[data-sonner-toast]')).map((item) => ({
    title: item.querySelector('[data-title]')?.textContent ?? null,
    description: item.querySelector('[data-description]')?.textContent ?? null,
  }));
}

/** Waits for a toast whose title is exactly this text. */
export function findToastTitle(title: string) {
  return screen.findByText(title, { selector: '[data-sonner-toast] [data-title]' });
}
