import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../shared/api/base-api';

/**
 * Builds a store. The app uses one; every test builds its own so that no cache leaks between
 * tests. No `setupListeners`: the spec wants no refetch on focus or reconnect (000 §7).
 */
export function makeStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
