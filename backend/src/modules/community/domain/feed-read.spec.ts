import { ValidationError } from '../../../shared/errors/domain-error';
import { feedReadKey, parseFeedRead, parseIntParam } from './feed-read';

describe('feed reads (D16)', () => {
  it('the recent feed defaults to 20 and accepts 1..50', () => {
    expect(parseFeedRead('recent', {})).toEqual({ kind: 'recent', limit: 20 });
    expect(parseFeedRead('recent', { limit: '' })).toEqual({ kind: 'recent', limit: 20 });
    expect(parseFeedRead('recent', { limit: '1' })).toEqual({ kind: 'recent', limit: 1 });
    expect(parseFeedRead('recent', { limit: '50' })).toEqual({ kind: 'recent', limit: 50 });
    for (const bad of ['0', '51', 'x', '-1', '2.5', '1e1', ' 3']) {
      expect(() => parseFeedRead('recent', { limit: bad })).toThrow(new ValidationError('limit must be an integer between 1 and 50'));
    }
  });

  it('the leaderboard pages by 10 from page 1, and page wins over limit and offset', () => {
    expect(parseFeedRead('leaderboard', {})).toEqual({ kind: 'leaderboard', limit: 10, offset: 0 });
    expect(parseFeedRead('leaderboard', { page: '1' })).toEqual({ kind: 'leaderboard', limit: 10, offset: 0 });
    expect(parseFeedRead('leaderboard', { page: '3', limit: '5', offset: '7' })).toEqual({ kind: 'leaderboard', limit: 10, offset: 20 });
    expect(parseFeedRead('leaderboard', { limit: '5', offset: '22' })).toEqual({ kind: 'leaderboard', limit: 5, offset: 22 });
    expect(parseFeedRead('leaderboard', { page: '', limit: '5' })).toEqual({ kind: 'leaderboard', limit: 5, offset: 0 });
    expect(() => parseFeedRead('leaderboard', { page: '0' })).toThrow('page must be an integer between 1 and 100');
    expect(parseFeedRead('leaderboard', { page: '100' })).toEqual({ kind: 'leaderboard', limit: 10, offset: 990 });
    expect(() => parseFeedRead('leaderboard', { page: '-1' })).toThrow(ValidationError);
    expect(() => parseFeedRead('leaderboard', { limit: '51' })).toThrow('limit must be an integer between 1 and 50');
    expect(() => parseFeedRead('leaderboard', { offset: '-1' })).toThrow('offset must be an integer between 0 and 990');
  });

  it('D44: numbered pages stop at 100; later pages are read by cursor, which takes limit but not page or offset', () => {
    expect(() => parseFeedRead('leaderboard', { page: '101' })).toThrow(
      "page must be an integer between 1 and 100; later pages are read with cursor (each page's X-Next-Cursor header)",
    );
    expect(() => parseFeedRead('leaderboard', { page: '100000' })).toThrow(ValidationError);
    expect(() => parseFeedRead('leaderboard', { offset: '991' })).toThrow('offset must be an integer between 0 and 990');
    expect(parseFeedRead('leaderboard', { cursor: 'abc.def' })).toEqual({ kind: 'leaderboard', limit: 10, cursor: 'abc.def' });
    expect(parseFeedRead('leaderboard', { cursor: 'abc.def', limit: '20' })).toEqual({ kind: 'leaderboard', limit: 20, cursor: 'abc.def' });
    expect(() => parseFeedRead('leaderboard', { cursor: 'abc.def', page: '2' })).toThrow('cursor cannot be combined with page or offset');
    expect(() => parseFeedRead('leaderboard', { cursor: 'abc.def', offset: '0' })).toThrow('cursor cannot be combined with page or offset');
    expect(feedReadKey(parseFeedRead('leaderboard', { cursor: 'abc.def' }))).toBe('leaderboard:10:c:abc.def');
  });

  it('equal reads share one key, different reads do not', () => {
    expect(feedReadKey(parseFeedRead('recent', {}))).toBe('recent:20');
    expect(feedReadKey(parseFeedRead('recent', { limit: '20' }))).toBe('recent:20');
    expect(feedReadKey(parseFeedRead('leaderboard', {}))).toBe('leaderboard:10:0');
    expect(feedReadKey(parseFeedRead('leaderboard', { page: '2' }))).toBe(feedReadKey(parseFeedRead('leaderboard', { limit: '10', offset: '10' })));
    expect(feedReadKey(parseFeedRead('leaderboard', { limit: '5' }))).toBe('leaderboard:5:0');
  });

  it('an integer parameter outside its bounds or not an integer is refused, absent means the default', () => {
    expect(parseIntParam('n', undefined, 7, 0, 9)).toBe(7);
    expect(parseIntParam('n', '09', 7, 0, 9)).toBe(9);
    expect(() => parseIntParam('n', '10', 7, 0, 9)).toThrow('n must be an integer between 0 and 9');
  });
});
