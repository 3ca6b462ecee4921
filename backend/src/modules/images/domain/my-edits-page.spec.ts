import { decodeCursor, encodeCursor, myEditsPageRequest } from './my-edits-page';

const id = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';

describe('My Edits paging', () => {
  it('round-trips a cursor to the microsecond, and reads one given out before with milliseconds', () => {
    const cursor = { timestamp: '2026-11-24T10:00:00.123456Z', id };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const old = Buffer.from(`2026-11-24T10:00:00.123Z|${id}`).toString('base64url');
    expect(decodeCursor(old)).toEqual({ timestamp: '2026-11-24T10:00:00.123Z', id });
  });

  it('refuses a cursor it did not give out (400)', () => {
    for (const bad of [
      'x',
      Buffer.from(`nonsense|${id}`).toString('base64url'),
      Buffer.from('2026-11-24T10:00:00.000Z|42').toString('base64url'),
      Buffer.from(`2026-11-24T10:00:00.1234567Z|${id}`).toString('base64url'),
      Buffer.from(`2026-13-45T10:00:00Z|${id}`).toString('base64url'),
      Buffer.from(`2026-11-24 10:00:00Z|${id}`).toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow('cursor is not one this list gave out');
    }
  });

  it('reads the query with its defaults', () => {
    expect(myEditsPageRequest({})).toEqual({ limit: 30, after: null, favoritesOnly: false });
    expect(myEditsPageRequest({ limit: '100', favorites: 'true' })).toEqual({ limit: 100, after: null, favoritesOnly: true });
  });

  it('refuses a bad limit or flag', () => {
    for (const limit of ['0', '101', '-1', '1.5', 'ten', ['5']]) expect(() => myEditsPageRequest({ limit })).toThrow('limit must be');
    expect(() => myEditsPageRequest({ favorites: 'yes' })).toThrow('favorites must be true or false');
  });
});
