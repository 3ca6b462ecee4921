import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppToaster } from '../shared/ui/toaster';
import type { AppStore } from './store';

/**
 * Toasts (AppToaster) follow 000 §9: at most 3 visible, 4000 ms by default, bottom-right (on
 * phones top-center under the top bar, clear of sticky bars and bottom sheets: issue 24), 14 px
 * gap. 001 §2 says the top-bar pages show toasts top-right for 5 s; DECISIONS.md does not settle
 * the conflict, so the 000 §9 defaults apply everywhere, with 001's close button. Error toasts go
 * through notifyError (shared/ui/notify.ts): destructive, at least 5 s, longer for long messages,
 * never stacked twice. Calls that the spec gives their own duration (landing verification toasts
 * 5000/3000 ms) pass `duration` themselves.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <AppToaster />
    </Provider>
  );
}
