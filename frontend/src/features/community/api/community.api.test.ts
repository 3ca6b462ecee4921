import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/app-parts';
import { UNREADABLE_ANSWER_MESSAGE } from '../../../shared/api/base-api';
import { json, stubApi } from '../../../test/fetch-stub';
import { calls, entry, heldAnswer, rankedEntry } from '../components/community-test-kit';
import { laughMemory } from '../lib/laugh-memory';
import { communityApi, communityQueries } from './community.api';

const IMAGE = entry(1, { laughCount: 0 });
const ME = 'anon_1_me';

beforeEach(() => {
  laughMemory.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

function page(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => rankedEntry(from + index));
}

describe('GET /api/leaderboard pages (000 §4 "Leaderboard pagination", D16)', () => {
  it('asks for pages 1..N and joins them, with more to come while the last page is full', async () => {
    const { requests } = stubApi({
      'GET /api/leaderboard': (request) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return json(n === 1 ? page(1, 10) : n === 2 ? page(11, 10) : page(21, 3));
      },
    });
    const store = makeStore();

    const two = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(2));
    expect(two.data?.entries.map((e) => e.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(two.data?.hasMore).toBe(true);

    const three = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(3));
    expect(three.data?.entries).toHaveLength(23);
    expect(three.data?.hasMore).toBe(false);
    expect(calls(requests, 'GET', '/api/leaderboard').map((r) => new URL(r.url).search)).toEqual([
      '?page=1',
      '?page=2',
      '?page=1',
      '?page=2',
      '?page=3',
    ]);
  });

  it('D44: after page 100 asks for each page by the cursor the page before named, and stops where none is named', async () => {
    const { requests } = stubApi({
      'GET /api/leaderboard': (request) => {
        const params = new URL(request.url).searchParams;
        const n = params.has('cursor') ? Number(params.get('cursor')!.replace('after-', '')) + 1 : Number(params.get('page'));
        // Pages 1..101 are full and name the next; page 102 has 4 entries and names none.
        const full = n <= 101;
        return json(page((n - 1) * 10 + 1, full ? 10 : 4), full ? { headers: { 'X-Next-Cursor': `after-${n}` } } : {});
      },
    });
    const store = makeStore();

    const { data } = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(103));

    const searches = calls(requests, 'GET', '/api/leaderboard').map((r) => new URL(r.url).search);
    expect(searches).toHaveLength(102);
    expect(searches.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => `?page=${i + 1}`));
    expect(searches.slice(100)).toEqual(['?cursor=after-100', '?cursor=after-101']);
    expect(data?.entries).toHaveLength(1014);
    expect(data?.entries.at(-1)?.rank).toBe(1014);
    expect(data?.hasMore).toBe(false);
  });

  it('D44: page 100 full but naming no next page: nothing more to load', async () => {
    stubApi({ 'GET /api/leaderboard': (request) => json(page((Number(new URL(request.url).searchParams.get('page')) - 1) * 10 + 1, 10)) });
    const store = makeStore();

    const { data } = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(101));

    expect(data?.entries).toHaveLength(1000);
    expect(data?.hasMore).toBe(false);
  });

  it('lists an image that moved between two pages once', async () => {
    stubApi({
      'GET /api/leaderboard': (request) =>
        json(new URL(request.url).searchParams.get('page') === '1' ? page(1, 10) : [rankedEntry(10, { rank: 11 }), rankedEntry(12)]),
    });
    const store = makeStore();

    const { data } = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(2));

    expect(data?.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
  });

  it('fails as a whole when a page is not a list of entries', async () => {
    stubApi({
      'GET /api/leaderboard': (request) =>
        new URL(request.url).searchParams.get('page') === '1' ? json(page(1, 10)) : json({ entries: page(11, 10) }),
    });
    const store = makeStore();

    const { data, error } = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(2));

    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: 0, message: UNREADABLE_ANSWER_MESSAGE });
  });

  it('fails as a whole when a page fails', async () => {
    stubApi({
      'GET /api/leaderboard': (request) =>
        new URL(request.url).searchParams.get('page') === '1' ? json(page(1, 10)) : new Response('down', { status: 503 }),
    });
    const store = makeStore();

    const { error } = await store.dispatch(communityQueries.endpoints.leaderboard.initiate(2));

    expect(error).toMatchObject({ status: 503, message: '503: down' });
  });
});

describe('laughs (000 §4 "Laugh toggle")', () => {
  it('asks has-laughed with the identifier', async () => {
    const { requests } = stubApi({ [`GET /api/images/${IMAGE.id}/has-laughed`]: () => json({ hasLaughed: true }) });
    const store = makeStore();

    const { data } = await store.dispatch(communityQueries.endpoints.hasLaughed.initiate({ id: IMAGE.id, userIdentifier: ME }));

    expect(data).toBe(true);
    expect(new URL(requests[0]!.url).searchParams.get('userIdentifier')).toBe(ME);
  });

  it('never counts below 0 when a laugh is taken back optimistically', async () => {
    const answer = heldAnswer();
    stubApi({
      'GET /api/community/recent': () => json([IMAGE]),
      [`POST /api/images/${IMAGE.id}/remove-laugh`]: answer.handler,
    });
    const store = makeStore();
    await store.dispatch(communityQueries.endpoints.recentCommunityEdits.initiate(undefined));

    const removing = store.dispatch(communityApi.endpoints.removeLaugh.initiate({ id: IMAGE.id, userIdentifier: ME, optimistic: true }));

    const feed = () => communityQueries.endpoints.recentCommunityEdits.select(undefined)(store.getState()).data;
    expect(feed()?.[0]?.laughCount).toBe(0);
    answer.release(json({ laughCount: 0, hasLaughed: false }));
    await removing;
    expect(feed()?.[0]?.laughCount).toBe(0);
  });

  it('patches every cached list and leaderboard at once, and undoes it on failure', async () => {
    const answer = heldAnswer();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({
      'GET /api/community/recent': () => json([entry(2), { ...IMAGE, laughCount: 5 }]),
      'GET /api/leaderboard': () => json([rankedEntry(1, { ...IMAGE, laughCount: 5 })]),
      [`POST /api/images/${IMAGE.id}/add-laugh`]: answer.handler,
    });
    const store = makeStore();
    await store.dispatch(communityQueries.endpoints.recentCommunityEdits.initiate(undefined));
    await store.dispatch(communityQueries.endpoints.recentCommunityEdits.initiate(1));
    await store.dispatch(communityQueries.endpoints.leaderboard.initiate(1));
    const counts = () => {
      const state = store.getState();
      const find = (list?: ReadonlyArray<{ id: string; laughCount: number }>) => list?.find((e) => e.id === IMAGE.id)?.laughCount;
      return [
        find(communityQueries.endpoints.recentCommunityEdits.select(undefined)(state).data),
        find(communityQueries.endpoints.leaderboard.select(1)(state).data?.entries),
      ];
    };

    const adding = store.dispatch(communityApi.endpoints.addLaugh.initiate({ id: IMAGE.id, userIdentifier: ME, optimistic: true }));
    expect(counts()).toEqual([6, 6]);
    expect(laughMemory.get(IMAGE.id)).toBe(true);

    answer.release(new Response('', { status: 500 }));
    await adding;

    expect(counts()).toEqual([5, 5]);
    expect(laughMemory.get(IMAGE.id)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Could not add a laugh to image ${IMAGE.id}: 500: Internal Server Error`));
  });

  it('without "optimistic" changes nothing until the answer, then shows the server\'s count', async () => {
    const answer = heldAnswer();
    stubApi({
      'GET /api/community/recent': () => json([{ ...IMAGE, laughCount: 5 }]),
      [`POST /api/images/${IMAGE.id}/add-laugh`]: answer.handler,
    });
    const store = makeStore();
    await store.dispatch(communityQueries.endpoints.recentCommunityEdits.initiate(1));
    const count = () => communityQueries.endpoints.recentCommunityEdits.select(1)(store.getState()).data?.[0]?.laughCount;

    const adding = store.dispatch(communityApi.endpoints.addLaugh.initiate({ id: IMAGE.id, userIdentifier: ME }));
    expect(count()).toBe(5);
    expect(laughMemory.get(IMAGE.id)).toBeUndefined();

    answer.release(json({ laughCount: 8, hasLaughed: true }));
    await adding;
    expect(count()).toBe(8);
    expect(laughMemory.get(IMAGE.id)).toBe(true);
  });

  it('refetches the leaderboard and the recent feed after a successful laugh with "refresh" only', async () => {
    const { requests } = stubApi({
      'GET /api/community/recent': () => json([IMAGE]),
      'GET /api/leaderboard': () => json([]),
      [`POST /api/images/${IMAGE.id}/add-laugh`]: () => json({ laughCount: 1, hasLaughed: true }),
      [`POST /api/images/${IMAGE.id}/remove-laugh`]: () => new Response('', { status: 429 }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = makeStore();
    void store.dispatch(communityQueries.endpoints.recentCommunityEdits.initiate(undefined));
    void store.dispatch(communityQueries.endpoints.leaderboard.initiate(1));
    await vi.waitFor(() => expect(requests).toHaveLength(2));

    await store.dispatch(communityApi.endpoints.addLaugh.initiate({ id: IMAGE.id, userIdentifier: ME, optimistic: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(3);

    await store.dispatch(communityApi.endpoints.addLaugh.initiate({ id: IMAGE.id, userIdentifier: ME, refresh: true }));
    await vi.waitFor(() => {
      expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(2);
      expect(calls(requests, 'GET', '/api/leaderboard')).toHaveLength(2);
    });

    // A failed laugh refreshes nothing.
    await store.dispatch(communityApi.endpoints.removeLaugh.initiate({ id: IMAGE.id, userIdentifier: ME, refresh: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(2);
    expect(calls(requests, 'GET', '/api/leaderboard')).toHaveLength(2);
  });
});
