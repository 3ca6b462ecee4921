import { useEffect, useRef, useState } from 'react';
import { toCommunityEntry, type CommunityEntry } from '../lib/community-entry';

/** 000 §4 "Live connection": two states. */
export type LiveStatus = 'open' | 'closed';

/** 000 §9: a closed connection is retried after 3 s (only while the page is visible). */
export const LIVE_RECONNECT_DELAY_MS = 3000;

/** The live message type that carries a new community edit (000 §3 "Live message"). */
export const NEW_COMMUNITY_EDIT = 'new_community_edit';

/** D43: an edit a report withdrew (hidden pending review, or taken down): lists drop it at once. */
export const COMMUNITY_EDIT_REMOVED = 'community_edit_removed';

/** Opens a socket; tests pass their own. */
export type SocketFactory = (url: string) => WebSocket;

/** /ws on the page's own host: wss: on https, ws: otherwise (000 §7). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = globalThis.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

// Read at call time so that a test's stubbed global is the one used.
const openSocket: SocketFactory = (url) => new WebSocket(url);

const CONNECTING = 0;

/** What a live message says: a new edit, an edit withdrawn (its id), or nothing this client knows. */
export type LiveNews = { kind: 'new'; entry: CommunityEntry } | { kind: 'removed'; id: string } | null;

/** A message read: a new community edit or a withdrawn one's id; null for other types; logs what cannot be read (000 §8). */
export function readLiveNews(raw: unknown): LiveNews {
  let message: unknown;
  try {
    message = JSON.parse(typeof raw === 'string' ? raw : String(raw));
  } catch (error) {
    console.warn('Live update could not be read:', error);
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (type === COMMUNITY_EDIT_REMOVED) {
    const id = (data as { id?: unknown } | null)?.id;
    return typeof id === 'string' && id ? { kind: 'removed', id } : null;
  }
  if (type !== NEW_COMMUNITY_EDIT) return null;
  const entry = toCommunityEntry(data);
  if (!entry) console.warn('Live update without a community edit:', message);
  return entry ? { kind: 'new', entry } : null;
}

/** A message's new community edit, or null for other types; logs what cannot be read (000 §8). */
export function readLiveMessage(raw: unknown): CommunityEntry | null {
  const news = readLiveNews(raw);
  return news?.kind === 'new' ? news.entry : null;
}

function pageVisible(): boolean {
  return document.visibilityState === 'visible';
}

/**
 * The live community connection (000 §4): Open or Closed. When it closes it is opened again
 * after 3 s, but only if the page is visible then; a hidden page instead reconnects as soon as
 * it becomes visible again. Each `new_community_edit` is handed to `onNewEdit`, each
 * `community_edit_removed` (D43) to `onRemoved`. Unmounting
 * closes the socket for good.
 */
export function useLiveCommunity(
  onNewEdit: (entry: CommunityEntry) => void,
  { createSocket = openSocket, onRemoved }: { createSocket?: SocketFactory; onRemoved?: (id: string) => void } = {},
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('closed');
  const onNewEditRef = useRef(onNewEdit);
  const onRemovedRef = useRef(onRemoved);
  useEffect(() => {
    onNewEditRef.current = onNewEdit;
    onRemovedRef.current = onRemoved;
  });

  useEffect(() => {
    let active = true;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    function scheduleRetry() {
      if (!active || retry !== undefined || !pageVisible()) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, LIVE_RECONNECT_DELAY_MS);
    }

    function connect() {
      if (!active || socket) return;
      let ws: WebSocket;
      try {
        ws = createSocket(liveUrl());
      } catch (error) {
        console.warn('Live updates could not connect:', error);
        scheduleRetry();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (socket === ws) setStatus('open');
      };
      ws.onmessage = (event: MessageEvent) => {
        const news = readLiveNews(event.data);
        if (news?.kind === 'new') onNewEditRef.current(news.entry);
        else if (news?.kind === 'removed') onRemovedRef.current?.(news.id);
      };
      ws.onclose = () => {
        if (socket !== ws) return;
        socket = null;
        setStatus('closed');
        scheduleRetry();
      };
    }

    function onVisibilityChange() {
      if (pageVisible() && !socket && retry === undefined) connect();
    }

    connect();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      active = false;
      clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      const ws = socket;
      socket = null;
      if (!ws) return;
      ws.onmessage = null;
      ws.onclose = null;
      // Closing a socket that is still connecting makes the browser log an error; close it as
      // soon as it opens instead.
      if (ws.readyState === CONNECTING) ws.onopen = () => ws.close();
      else {
        ws.onopen = null;
        ws.close();
      }
    };
  }, [createSocket]);

  return status;
}
