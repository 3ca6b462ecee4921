import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { entry, entryWithRenditions, rankedEntry, renditions } from '../components/community-test-kit';
import { communityEntriesSchema, leaderboardPageSchema, toCommunityEntry } from './community-entry';

describe('community entry renditions (D31)', () => {
  it('reads both rendition lists of a recent-feed entry', () => {
    const sent = entryWithRenditions(1);
    const [read] = z.parse(communityEntriesSchema, [sent]);
    expect(read?.originalRenditions).toEqual(renditions(sent.id, 'original'));
    expect(read?.generatedRenditions).toEqual(renditions(sent.id, 'generated'));
    expect(read?.imageUrl).toBe(`/api/images/${sent.id}`);
    expect(read?.originalUrl).toBe(`/api/images/${sent.id}/original`);
  });

  it('reads missing, null or broken rendition lists as none, and keeps the entry', () => {
    const sent = entry(2);
    expect(toCommunityEntry(sent)).toMatchObject({ id: sent.id, originalRenditions: [], generatedRenditions: [] });
    expect(toCommunityEntry({ ...sent, originalRenditions: null, generatedRenditions: 'nope' })).toMatchObject({
      originalRenditions: [],
      generatedRenditions: [],
    });
  });

  it('drops unreadable renditions and sorts the rest by width', () => {
    const [small, , large] = renditions('x', 'generated');
    const read = toCommunityEntry({
      ...entry(3),
      generatedRenditions: [large, { url: '', width: 10, height: 10 }, { url: '/a.webp', width: -1, height: 5 }, small],
    });
    expect(read?.generatedRenditions).toEqual([small, large]);
  });

  it('reads renditions on leaderboard entries and on live messages alike', () => {
    const ranked = { ...rankedEntry(1), ...entryWithRenditions(1), rank: 1 };
    const [first, second] = z.parse(leaderboardPageSchema(1, 10), [ranked, rankedEntry(2)]);
    expect(first?.generatedRenditions).toHaveLength(3);
    expect(first?.originalRenditions[0]).toEqual({ url: expect.stringContaining('/renditions/original-320-'), width: 320, height: 213 });
    expect(second).toMatchObject({ rank: 2, originalRenditions: [], generatedRenditions: [] });

    expect(toCommunityEntry(entryWithRenditions(4))?.generatedRenditions.map((r) => r.width)).toEqual([320, 640, 1000]);
  });
});
