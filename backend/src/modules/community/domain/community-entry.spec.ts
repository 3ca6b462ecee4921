import { rankLeaderboardPage, toCommunityEntry, type FeedImage } from './community-entry';

const image = (id: string, laughCount = 0): FeedImage => ({
  id,
  prompt: `prompt ${id}`,
  style: 'funny',
  timestamp: new Date('2025-01-02T03:04:05.678Z'),
  laughCount,
  renditions: { originalRenditions: [], generatedRenditions: [{ url: `/api/images/${id}/renditions/generated-320-0123456789abcdef.webp`, width: 320, height: 240 }] },
});

describe('community entry', () => {
  it('shows an image with its ISO time, the paths of its pictures and their renditions (D31)', () => {
    expect(toCommunityEntry(image('abc', 3))).toEqual({
      id: 'abc',
      prompt: 'prompt abc',
      style: 'funny',
      timestamp: '2025-01-02T03:04:05.678Z',
      laughCount: 3,
      generatedPath: '/api/images/abc',
      originalPath: '/api/images/abc/original',
      imageUrl: '/api/images/abc',
      originalUrl: '/api/images/abc/original',
      originalRenditions: [],
      generatedRenditions: [{ url: '/api/images/abc/renditions/generated-320-0123456789abcdef.webp', width: 320, height: 240 }],
    });
  });

  it('ranks a leaderboard page by overall position, keeping the order it was given', () => {
    expect(rankLeaderboardPage([image('a', 9), image('b', 5), image('c', 5)], 0).map((e) => [e.id, e.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(rankLeaderboardPage([image('k', 2), image('l', 1)], 20).map((e) => e.rank)).toEqual([21, 22]);
    expect(rankLeaderboardPage([], 10)).toEqual([]);
  });
});
