import { randomBytes } from 'node:crypto';
import { ValidationError } from '../../../shared/errors/domain-error';
import { CURSOR_REFUSED } from '../../../shared/pagination';
import { decodeLeaderboardCursor, encodeLeaderboardCursor, type LeaderboardPosition } from './leaderboard-cursor';

describe('leaderboard cursors (D44)', () => {
  const key = randomBytes(32);
  const position: LeaderboardPosition = { laughCount: 3, timestamp: '2026-11-28T10:11:12.345678Z', id: '2b1c3f8e-54a4-4c1e-9a8e-0d8c1c7b6a5f', rank: 1000 };

  it('gives back the position it was made from', () => {
    expect(decodeLeaderboardCursor(key, encodeLeaderboardCursor(key, position))).toEqual(position);
  });

  it('refuses a cursor changed in any character, made with another key, or not a cursor at all', () => {
    const cursor = encodeLeaderboardCursor(key, position);
    for (let i = 0; i < cursor.length; i++) {
      if (cursor[i] === '.') continue;
      const changed = cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
      expect(() => decodeLeaderboardCursor(key, changed)).toThrow(ValidationError);
    }
    // A well-formed position under a forged signature: another rank, say.
    const forged = encodeLeaderboardCursor(randomBytes(32), { ...position, rank: 1 });
    expect(() => decodeLeaderboardCursor(key, forged)).toThrow(new ValidationError(CURSOR_REFUSED));
    for (const bad of ['', '.', 'abc', 'abc.def.ghi', 'a'.repeat(301), '%%%.%%%']) {
      expect(() => decodeLeaderboardCursor(key, bad)).toThrow(new ValidationError(CURSOR_REFUSED));
    }
  });
});
