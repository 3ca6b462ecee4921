import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from 'sonner';
import type { AppStore } from './store';

/**
 * Toasts follow 000 §9: at most 3 visible, 4000 ms by default, bottom-right, 14 px gap (356 px
 * wide, 45 px swipe threshold and 200 ms removal delay are sonner's own defaults). 001 §2 says
 * the top-bar pages show toasts top-right for 5 s; DECISIONS.md does not settle the conflict, so
 * the 000 §9 defaults apply everywhere, with 001's close button. Calls that the spec gives
 * their own duration (landing verification toasts 5000/3000 ms) pass `duration` themselves.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} gap={14} closeButton />
    </Provider>
  );
}
