import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPageVisibility, setPageVisibility, stubWebSocket } from '../../../test/websocket-stub';
import { LIVE_RECONNECT_DELAY_MS, liveUrl, readLiveMessage, readLiveNews, useLiveCommunity } from './use-live-community';

const EDIT = {
  id: 'img-9',
  prompt: 'add snow falling',
  style: 'realistic',
  timestamp: '2026-03-10T12:00:00.000Z',
  laughCount: 2,
  generatedPath: '/api/images/img-9',
  originalPath: '/api/images/img-9/original',
  imageUrl: '/api/images/img-9',
  originalUrl: '/api/images/img-9/original',
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetPageVisibility();
});

function setup() {
  const ws = stubWebSocket();
  const onNewEdit = vi.fn();
  const view = renderHook(() => useLiveCommunity(onNewEdit));
  return { ...ws, onNewEdit, ...view };
}

describe('the live connection (000 §4 "Live connection")', () => {
  it('connects to /ws on the same host, ws: on http and wss: on https', () => {
    const { sockets } = setup();

    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://localhost:3000/ws');
    expect(liveUrl({ protocol: 'https:', host: 'magic.example:8443' })).toBe('wss://magic.example:8443/ws');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });

  it('is Closed until the socket opens, then Open, then Closed when it drops', () => {
    const { latest, result } = setup();
    expect(result.current).toBe('closed');

    act(() => latest().open());
    expect(result.current).toBe('open');

    act(() => latest().drop());
    expect(result.current).toBe('closed');
  });

  it('retries 3 seconds after a close while the page is visible', () => {
    setPageVisibility('visible');
    const { sockets, latest, result } = setup();
    act(() => latest().open());

    act(() => latest().drop());
    act(() => {
      vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS - 1);
    });
    expect(sockets).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sockets).toHaveLength(2);
    act(() => latest().open());
    expect(result.current).toBe('open');
    expect(LIVE_RECONNECT_DELAY_MS).toBe(3000);
  });

  it('keeps retrying every 3 seconds while the server stays away', () => {
    setPageVisibility('visible');
    const { sockets, latest } = setup();

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      act(() => latest().drop());
      act(() => {
        vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS);
      });
    }

    expect(sockets).toHaveLength(4);
  });

  it('does not retry while the page is hidden, and reconnects when it becomes visible', () => {
    const { sockets, latest, result } = setup();
    act(() => latest().open());
    setPageVisibility('hidden');

    act(() => latest().drop());
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(sockets).toHaveLength(1);
    expect(result.current).toBe('closed');

    act(() => setPageVisibility('visible'));

    expect(sockets).toHaveLength(2);
    act(() => latest().open());
    expect(result.current).toBe('open');
  });

  it('opens no second socket when the page becomes visible while the connection is open', () => {
    const { sockets, latest } = setup();
    act(() => latest().open());

    act(() => setPageVisibility('hidden'));
    act(() => setPageVisibility('visible'));

    expect(sockets).toHaveLength(1);
  });

  it('opens no second socket when the page becomes visible while a retry is waiting', () => {
    setPageVisibility('visible');
    const { sockets, latest } = setup();
    act(() => latest().drop());

    act(() => setPageVisibility('hidden'));
    act(() => setPageVisibility('visible'));
    act(() => {
      vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS);
    });

    expect(sockets).toHaveLength(2);
  });

  it('hands each new_community_edit over, with the laugh count 0 when it is missing', () => {
    const { latest, onNewEdit } = setup();
    act(() => latest().open());

    act(() => latest().receive({ type: 'new_community_edit', data: EDIT }));
    const { laughCount: _omitted, ...withoutCount } = EDIT;
    act(() => latest().receive({ type: 'new_community_edit', data: { ...withoutCount, id: 'img-10' } }));

    expect(onNewEdit).toHaveBeenCalledTimes(2);
    expect(onNewEdit.mock.calls[0]?.[0]).toMatchObject({ id: 'img-9', prompt: 'add snow falling', laughCount: 2 });
    expect(onNewEdit.mock.calls[1]?.[0]).toMatchObject({ id: 'img-10', laughCount: 0 });
  });

  it('ignores other message types, and only logs a message it cannot read (000 §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    const { latest, onNewEdit, result } = setup();
    act(() => latest().open());

    act(() => latest().receive({ type: 'something_else', data: EDIT }));
    act(() => latest().receive('{not json'));

    expect(onNewEdit).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(result.current).toBe('open');
  });

  it('closes the socket on unmount and never reconnects afterwards', () => {
    setPageVisibility('visible');
    const { sockets, latest, unmount } = setup();
    act(() => latest().open());

    unmount();

    expect(sockets[0]?.closedByClient).toBe(true);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    act(() => setPageVisibility('visible'));
    expect(sockets).toHaveLength(1);
  });

  it('cancels a waiting retry on unmount', () => {
    setPageVisibility('visible');
    const { sockets, latest, unmount } = setup();
    act(() => latest().drop());

    unmount();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });

    expect(sockets).toHaveLength(1);
  });

  it('closes a socket that is still connecting only once it opens (no browser error)', () => {
    const { sockets, unmount } = setup();
    const socket = sockets[0]!;

    unmount();
    expect(socket.closedByClient).toBe(false);

    socket.open();
    expect(socket.closedByClient).toBe(true);
  });
});

describe('readLiveMessage', () => {
  it('reads a new community edit and derives missing image addresses from the id', () => {
    expect(readLiveMessage(JSON.stringify({ type: 'new_community_edit', data: { id: 'abc', prompt: 'p' } }))).toEqual({
      id: 'abc',
      prompt: 'p',
      style: '',
      timestamp: '',
      laughCount: 0,
      imageUrl: '/api/images/abc',
      originalUrl: '/api/images/abc/original',
      originalRenditions: [],
      generatedRenditions: [],
    });
  });

  it('reads the renditions of a new community edit (D31)', () => {
    const small = { url: '/api/images/abc/renditions/generated-320-0123456789abcdef.webp', width: 320, height: 240 };
    const original = { url: '/api/images/abc/renditions/original-300-0123456789abcdef.webp', width: 300, height: 300 };
    const message = { type: 'new_community_edit', data: { id: 'abc', originalRenditions: [original], generatedRenditions: [small] } };
    expect(readLiveMessage(JSON.stringify(message))).toMatchObject({ originalRenditions: [original], generatedRenditions: [small] });
  });

  it('returns null for a message without an edit, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readLiveMessage(JSON.stringify({ type: 'new_community_edit', data: null }))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('an edit withdrawn by a report (D43, community_edit_removed)', () => {
  it('hands the id to onRemoved, and not to onNewEdit', () => {
    const ws = stubWebSocket();
    const onNewEdit = vi.fn();
    const onRemoved = vi.fn();
    renderHook(() => useLiveCommunity(onNewEdit, { onRemoved }));
    act(() => ws.latest().open());
    act(() => ws.latest().receive(JSON.stringify({ type: 'community_edit_removed', data: { id: 'img-9' } })));
    expect(onRemoved).toHaveBeenCalledWith('img-9');
    expect(onNewEdit).not.toHaveBeenCalled();
  });

  it('reads only a removal with an id', () => {
    expect(readLiveNews(JSON.stringify({ type: 'community_edit_removed', data: { id: 'x' } }))).toEqual({ kind: 'removed', id: 'x' });
    expect(readLiveNews(JSON.stringify({ type: 'community_edit_removed', data: {} }))).toBeNull();
    expect(readLiveNews(JSON.stringify({ type: 'community_edit_removed', data: null }))).toBeNull();
    expect(readLiveMessage(JSON.stringify({ type: 'community_edit_removed', data: { id: 'x' } }))).toBeNull();
  });
});
