import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { CacheInvalidation, HOT_CACHE_CHANNEL } from '../../src/shared/http/cache-invalidation';
import { poolFor } from './sql';
import type { TestApp } from './test-app';

const KIND = 'test-marker';
const TIMEOUT_MS = 5000;
/** Markers waited for, per app: one subscription each (the invalidation has no unsubscribe). */
const waiting = new WeakMap<CacheInvalidation, Map<string, () => void>>();

function markersOf(invalidation: CacheInvalidation): Map<string, () => void> {
  let markers = waiting.get(invalidation);
  if (!markers) {
    const created = new Map<string, () => void>();
    invalidation.subscribe(KIND, {
      changed: (key) => created.get(key)?.(),
      // Deaf or back: the caches were emptied, so nothing stale is left to wait for.
      reset: () => created.forEach((resolve) => resolve()),
    });
    waiting.set(invalidation, (markers = created));
  }
  return markers;
}

/**
 * Waits until `t` has heard every notification committed before this call, by sending a marker
 * through `client` (else a connection of its own) on the hot caches' channel (PostgreSQL delivers notifications to a listener in
 * commit order). A test that writes behind the app's back (plain SQL) calls this before it asks
 * the app: the app's own writers drop their caches at once (ADR 0021), other writers are heard
 * through the NOTIFY, which on a loaded machine can arrive after the test's next request.
 */
export async function heardEverything(t: TestApp, client?: Pick<Client, 'query'>): Promise<void> {
  if (!client) {
    const own = await poolFor(t.db.url).connect();
    try {
      return await heardEverything(t, own);
    } finally {
      own.release();
    }
  }
  let invalidation: CacheInvalidation;
  try {
    invalidation = t.app.get(CacheInvalidation, { strict: false });
  } catch {
    return; // an app without the hot caches
  }
  if (!invalidation.isListening) return; // the caches are bypassed while deaf
  const markers = markersOf(invalidation);
  const marker = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const heard = new Promise<void>((resolve, reject) => {
    markers.set(marker, resolve);
    timer = setTimeout(() => reject(new Error(`the app did not hear its hot-cache marker within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    await client.query('SELECT pg_notify($1, $2)', [HOT_CACHE_CHANNEL, `${KIND}:${marker}`]);
    await heard;
  } finally {
    clearTimeout(timer);
    markers.delete(marker);
  }
}
