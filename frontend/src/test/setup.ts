import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // Pending plan choices (001 §3) and the like must not leak from one test into the next.
  localStorage.clear();
  // sonner keeps its toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
});

// jsdom does not implement scrolling; the router's scroll restoration calls these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
