import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../../shared/errors/domain-error';
import { isUuid } from '../../../shared/ids';
import { CURSOR_REFUSED, EXACT_TIMESTAMP } from '../../../shared/pagination';
import type { LeaderboardPosition } from '../domain/leaderboard-position';

export type { LeaderboardPosition };

const VERSION = 'l1';

/** The signing key of the cursors, from the session secret: every instance accepts every other's. */
export function leaderboardCursorKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('leaderboard-cursor-key').digest();
}

function sign(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`leaderboard-cursor:${payload}`).digest().subarray(0, 16);
}

export function encodeLeaderboardCursor(key: Buffer, p: LeaderboardPosition): string {
  const payload = Buffer.from([VERSION, p.laughCount, p.timestamp, p.id, p.rank].join('|'), 'utf8').toString('base64url');
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The position a cursor of ours names; ValidationError (400) for anything else. */
export function decodeLeaderboardCursor(key: Buffer, raw: string): LeaderboardPosition {
  const refuse = () => new ValidationError(CURSOR_REFUSED);
  if (raw.length > 300) throw refuse();
  const [payload, mac, ...rest] = raw.split('.');
  if (rest.length || !payload || !mac || !/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(mac)) throw refuse();
  const given = Buffer.from(mac, 'base64url');
  const expected = sign(key, payload);
  // The signature's text must be the one we wrote: base64url ignores a last character's spare bits.
  if (given.length !== expected.length || given.toString('base64url') !== mac || !timingSafeEqual(given, expected)) throw refuse();
  const [version, count, timestamp, id, rank, ...extra] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  const laughCount = Number(count);
  const position = Number(rank);
  if (
    extra.length ||
    version !== VERSION ||
    !Number.isSafeInteger(laughCount) ||
    laughCount < 1 ||
    !EXACT_TIMESTAMP.test(timestamp ?? '') ||
    !isUuid(id) ||
    !Number.isSafeInteger(position) ||
    position < 1
  ) {
    throw refuse();
  }
  return { laughCount, timestamp, id, rank: position };
}
