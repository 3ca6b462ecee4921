import { vi } from 'vitest';

/**
 * A stand-in for the browser's WebSocket: records every socket the code opens and lets a test
 * play the server (open, send a message, drop the connection). `close()` from the code is
 * recorded and answered with a close event, as a browser would.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
  }

  /** The server accepts the connection. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a message (objects are sent as JSON). */
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  /** The connection drops (server gone, network lost). */
  drop() {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  close() {
    this.closedByClient = true;
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000, wasClean: true }));
  }

  send() {
    // The live channel is server-push only.
  }
}

/** Replaces global WebSocket for this test; `sockets` lists every socket opened, oldest first. */
export function stubWebSocket() {
  const sockets: FakeWebSocket[] = [];
  class RecordedWebSocket extends FakeWebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  vi.stubGlobal('WebSocket', RecordedWebSocket);
  return {
    sockets,
    /** The most recently opened socket. */
    latest(): FakeWebSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no WebSocket was opened');
      return socket;
    },
  };
}

/** Makes document.visibilityState report `state` and tells listeners, as a tab switch does. */
export function setPageVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Puts document.visibilityState back to jsdom's own. */
export function resetPageVisibility() {
  // The instance property shadows the prototype getter; deleting it restores jsdom's.
  delete (document as unknown as Record<string, unknown>).visibilityState;
}
