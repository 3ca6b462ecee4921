import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSignedInHint } from './fetch-stub';
import { FakeWebSocket } from './websocket-stub';

// Every page is loaded on demand (app/router.tsx): the first test of a file also waits for its
// modules to be transformed and loaded, which took over the default 1 s in a loaded CI run. A
// findBy or waitFor that succeeds returns as soon as it does; only a failing one waits longer.
configure({ asyncUtilTimeout: 5000 });

// No test opens a real socket (the live community card connects to /ws on every landing page
// render); a test that plays the server calls stubWebSocket() itself.
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  // Files share a worker (vite.config.ts): a fake clock must not outlive its test.
  vi.useRealTimers();
  cleanup();
  // The signed-in hint cookie (issue 24) belongs to one test, as a session would.
  clearSignedInHint();
  // Pending plan choices (001 §3) and the like must not leak from one test into the next.
  localStorage.clear();
  // sonner keeps its toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
});

// jsdom does not implement scrolling; the router's scroll restoration calls these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
