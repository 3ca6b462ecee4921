import {
  cursorScope,
  decodeListCursor,
  decodeTimeCursor,
  encodeListCursor,
  encodeTimeCursor,
  CURSOR_REFUSED,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  pageRequest,
  timeKeyAfterSql,
} from './pagination';

describe('pageRequest', () => {
  it('fills in 50 a page from the start (D32)', () => {
    expect(pageRequest()).toEqual({ limit: PAGE_SIZE, offset: 0 });
    expect(PAGE_SIZE).toBe(50);
    expect(pageRequest({ limit: 3, offset: 6 })).toEqual({ limit: 3, offset: 6 });
    expect(pageRequest({ limit: MAX_PAGE_SIZE })).toEqual({ limit: MAX_PAGE_SIZE, offset: 0 });
  });

  it.each([{ limit: 0 }, { limit: MAX_PAGE_SIZE + 1 }, { limit: 2.5 }, { limit: Number.NaN }, { offset: -1 }, { offset: 1.5 }])(
    'refuses %j with a 400',
    (request) => {
      expect(() => pageRequest(request)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'VALIDATION.FAILED' }));
    },
  );
});

describe('pageRequest with a cursor (D44)', () => {
  it('passes a cursor on, and an empty one is none', () => {
    expect(pageRequest({ limit: 5, cursor: 'abc' })).toEqual({ limit: 5, offset: 0, cursor: 'abc' });
    expect(pageRequest({ cursor: '' })).toEqual({ limit: PAGE_SIZE, offset: 0 });
  });

  it('refuses a cursor with an offset, even offset 0', () => {
    expect(() => pageRequest({ cursor: 'abc', offset: 0 })).toThrow(/cursor and offset/);
  });
});

describe('list cursors (D44)', () => {
  const key = { timestamp: '2026-11-29T08:00:00.123456Z', id: '6f1c1d2e-8a4b-4c3d-9e0f-112233445566' };
  const scope = cursorScope('a', undefined);

  it('reads back what it wrote, for its own list and scope only', () => {
    const cursor = encodeTimeCursor('ledger', key, scope);
    expect(decodeTimeCursor('ledger', cursor, scope)).toEqual(key);
    expect(() => decodeTimeCursor('users', cursor, scope)).toThrow(CURSOR_REFUSED);
    expect(() => decodeTimeCursor('ledger', cursor, cursorScope('b', undefined))).toThrow(CURSOR_REFUSED);
    expect(cursorScope('a', undefined)).not.toBe(cursorScope(undefined, 'a'));
  });

  it('refuses text it did not write: spare bits, other characters, wrong parts, bad times and ids', () => {
    const cursor = encodeTimeCursor('ledger', key, scope);
    const bad = [
      `${cursor}A`,
      `${cursor}=`,
      cursor.replace(/^./, '+'),
      encodeListCursor('ledger', [key.timestamp, key.id]),
      encodeListCursor('ledger', [key.timestamp, key.id, scope, 'x']),
      encodeListCursor('ledger', ['2026-13-45T99:00:00Z', key.id, scope]),
      encodeListCursor('ledger', [key.timestamp, 'not-a-uuid', scope]),
      encodeListCursor('ledger', ['', key.id, scope]),
      'x'.repeat(301),
    ];
    for (const raw of bad) expect(() => decodeTimeCursor('ledger', raw, scope)).toThrow(CURSOR_REFUSED);
    expect(decodeListCursor('audit', encodeListCursor('audit', ['12', scope]), 2)).toEqual(['12', scope]);
  });

  it('seeks on the time alone and drops the ties already shown', () => {
    expect(timeKeyAfterSql('created_at', 'id', '$1', '$2')).toBe('(created_at <= $1::timestamptz AND (created_at, id) < ($1::timestamptz, $2::uuid))');
  });
});
