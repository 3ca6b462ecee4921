import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, getErrorMessage } from '../../../shared/api/base-api';
import { z } from 'zod/mini';
import type { ApiAnswer } from '../../../shared/api/contract';
import { fieldsOf, parseResponse, readResponse, type SchemaOf } from '../../../shared/api/parse-response';
import {
  communityEntriesSchema,
  leaderboardPageSchema,
  type CommunityEntry,
  type LeaderboardEntry,
} from '../lib/community-entry';
import { laughMemory } from '../lib/laugh-memory';

/** 000 §7 / §9: the community list is refetched every 15 s and is stale after 10 s. */
export const COMMUNITY_POLL_INTERVAL_MS = 15_000;
export const COMMUNITY_STALE_AFTER_S = 10;
/** 000 §9: the leaderboard is refetched every 10 s; it comes in pages of 10. */
export const LEADERBOARD_POLL_INTERVAL_MS = 10_000;
export const LEADERBOARD_PAGE_SIZE = 10;
/** D44: pages 1..100 are asked for by number; later ones by cursor. */
export const LEADERBOARD_NUMBERED_PAGES = 100;
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** The leaderboard's pages 1..N, joined; an image that moved between pages is listed once. */
export interface Leaderboard {
  entries: LeaderboardEntry[];
  /** False once the last page came back with fewer than 10 entries (000 §4 "Leaderboard pagination"). */
  hasMore: boolean;
}

export interface HasLaughedArgs {
  id: string;
  userIdentifier: string;
}

export interface LaughArgs extends HasLaughedArgs {
  /**
   * Change the cached counts at once and undo that on failure (000 §4: the editor's community
   * list and the leaderboard). Without it the count changes only after the answer (landing card).
   */
  optimistic?: boolean;
  /** Refetch the leaderboard and the recent feed after success (000 §4: the leaderboard does). */
  refresh?: boolean;
}

/** The answer of add-laugh / remove-laugh. */
export type LaughResult = ApiAnswer<'/api/images/{id}/add-laugh', 'post'>;

function imageUrl(id: string, action: string): string {
  return `/images/${encodeURIComponent(id)}/${action}`;
}

/**
 * The answer of add-laugh / remove-laugh. A missing or broken count reads as 0 (000 §4); a
 * missing `hasLaughed` means the toggle did what was asked.
 */
function laughResultSchema(wanted: boolean) {
  return z.pipe(
    z.object(
      fieldsOf<LaughResult>()({
        laughCount: z.catch(
          z.pipe(
            z.number(),
            z.transform((count) => Math.max(0, count)),
          ),
          0,
        ),
        hasLaughed: z.catch(z.boolean(), wanted),
      }),
    ),
    z.transform((result): LaughResult => result),
  ) satisfies SchemaOf<LaughResult>;
}

/** GET /api/images/{id}/has-laughed answers `{hasLaughed}`. */
const hasLaughedSchema = z.pipe(
  z.object(fieldsOf<ApiAnswer<'/api/images/{id}/has-laughed', 'get'>>()({ hasLaughed: z.boolean() })),
  z.transform(({ hasLaughed }) => hasLaughed),
);

// The queries first, so that the laugh mutations below can patch their caches with full types.
export const communityQueries = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/community/recent?limit=N: public edits, newest first. Provides `CommunityFeed`,
     * which the editor invalidates 1 s after a new image (000 §4 "Community refresh"). Use it
     * through `useRecentCommunityEdits`, which adds the spec's polling and staleness.
     */
    recentCommunityEdits: build.query<CommunityEntry[], number | undefined>({
      query: (limit) => (limit === undefined ? '/community/recent' : `/community/recent?limit=${limit}`),
      transformResponse: parseResponse(communityEntriesSchema),
      providesTags: ['CommunityFeed'],
    }),

    /**
     * The Hall of Fame's pages 1..`pages` (GET /api/leaderboard?page=N, 10 per page, D16).
     * Load More asks for one page more; every refetch (polling, a laugh) reloads all the pages
     * shown, so ranks stay consistent across them. Pages after the 100th are read one after
     * another, each by the cursor the page before names in X-Next-Cursor (D44).
     */
    leaderboard: build.query<Leaderboard, number>({
      async queryFn(pages, _api, _extra, baseQuery) {
        const wanted = Math.max(1, pages);
        const numbered = Math.min(wanted, LEADERBOARD_NUMBERED_PAGES);
        const answers = await Promise.all(Array.from({ length: numbered }, (_, index) => baseQuery(`/leaderboard?page=${index + 1}`)));
        let cursor = answers.at(-1)?.meta?.response?.headers.get(NEXT_CURSOR_HEADER);
        while (answers.length < wanted && cursor && !answers.at(-1)?.error) {
          const answer = await baseQuery(`/leaderboard?cursor=${encodeURIComponent(cursor)}`);
          answers.push(answer);
          cursor = answer.meta?.response?.headers.get(NEXT_CURSOR_HEADER);
        }
        const read = answers.map((answer, index) =>
          answer.error
            ? { error: answer.error }
            : readResponse(leaderboardPageSchema(index + 1, LEADERBOARD_PAGE_SIZE), answer.data),
        );
        const shown: LeaderboardEntry[][] = [];
        for (const page of read) {
          if (page.error) return { error: page.error };
          shown.push(page.data);
        }
        const seen = new Set<string>();
        const entries: LeaderboardEntry[] = [];
        let lastPageSize = 0;
        shown.forEach((page) => {
          lastPageSize = page.length;
          for (const entry of page) {
            if (seen.has(entry.id)) continue;
            seen.add(entry.id);
            entries.push(entry);
          }
        });
        // After the 100th page, more only where the last page named the next one.
        const hasMore = lastPageSize >= LEADERBOARD_PAGE_SIZE && (answers.length < LEADERBOARD_NUMBERED_PAGES || Boolean(cursor));
        return { data: { entries, hasMore } };
      },
      providesTags: ['Leaderboard'],
    }),

    /** GET /api/images/{id}/has-laughed: the landing card's initial laugh state (000 §4). */
    hasLaughed: build.query<boolean, HasLaughedArgs>({
      query: ({ id, userIdentifier }) => ({ url: imageUrl(id, 'has-laughed'), params: { userIdentifier } }),
      transformResponse: parseResponse(hasLaughedSchema),
      providesTags: (_result, _error, { id }) => [{ type: 'Laugh', id }],
      // As long as the laugh memory (000 §4); after that the server is asked again.
      keepUnusedDataFor: 30,
    }),
  }),
});

interface Undoable {
  undo: () => void;
}

type PatchState = Parameters<typeof communityQueries.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<PatchState, unknown, UnknownAction>;

/** Sets the laugh count of one image in every cached recent list and leaderboard. */
function patchCounts(dispatch: Dispatch, state: PatchState, id: string, next: (count: number) => number): Undoable[] {
  const { util } = communityQueries;
  const patches: Undoable[] = [];
  for (const limit of util.selectCachedArgsForQuery(state, 'recentCommunityEdits')) {
    patches.push(
      dispatch(
        util.updateQueryData('recentCommunityEdits', limit, (draft) => {
          for (const entry of draft) if (entry.id === id) entry.laughCount = Math.max(0, next(entry.laughCount));
        }),
      ),
    );
  }
  for (const pages of util.selectCachedArgsForQuery(state, 'leaderboard')) {
    patches.push(
      dispatch(
        util.updateQueryData('leaderboard', pages, (draft) => {
          for (const entry of draft.entries) if (entry.id === id) entry.laughCount = Math.max(0, next(entry.laughCount));
        }),
      ),
    );
  }
  return patches;
}

interface LifecycleApi {
  dispatch: Dispatch;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: LaughResult }>;
}

/**
 * 000 §4 "Laugh toggle" for both directions: the optimistic change (count ±1, never below 0)
 * and its undo on failure, the server's count everywhere after success, and the laugh memory.
 * 000 §8: a failure is only logged.
 */
async function laughLifecycle(arg: LaughArgs, wanted: boolean, { dispatch, getState, queryFulfilled }: LifecycleApi) {
  const before = laughMemory.get(arg.id);
  const patches: Undoable[] = [];
  if (arg.optimistic) {
    laughMemory.remember(arg.id, wanted);
    patches.push(...patchCounts(dispatch, getState() as PatchState, arg.id, (count) => count + (wanted ? 1 : -1)));
  }
  try {
    const { data } = await queryFulfilled;
    laughMemory.remember(arg.id, data.hasLaughed);
    patchCounts(dispatch, getState() as PatchState, arg.id, () => data.laughCount);
    dispatch(
      communityQueries.util.updateQueryData('hasLaughed', { id: arg.id, userIdentifier: arg.userIdentifier }, () => data.hasLaughed),
    );
  } catch (failure) {
    for (const patch of patches.reverse()) patch.undo();
    if (before === undefined) laughMemory.forget(arg.id);
    else laughMemory.remember(arg.id, before);
    const error = (failure as { error?: unknown }).error ?? failure;
    console.warn(`Could not ${wanted ? 'add a laugh to' : 'remove the laugh from'} image ${arg.id}: ${getErrorMessage(error)}`);
  }
}

function laughTags(error: unknown, arg: LaughArgs) {
  return error || !arg.refresh ? [] : (['Leaderboard', 'CommunityFeed'] as const);
}

export const communityApi = communityQueries.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/images/{id}/add-laugh (idempotent, D15). */
    addLaugh: build.mutation<LaughResult, LaughArgs>({
      query: ({ id, userIdentifier }) => ({ url: imageUrl(id, 'add-laugh'), method: 'POST', body: { userIdentifier } }),
      transformResponse: parseResponse(laughResultSchema(true)),
      invalidatesTags: (_result, error, arg) => [...laughTags(error, arg)],
      onQueryStarted: (arg, api) => laughLifecycle(arg, true, api),
    }),

    /** POST /api/images/{id}/remove-laugh (idempotent, D15). */
    removeLaugh: build.mutation<LaughResult, LaughArgs>({
      query: ({ id, userIdentifier }) => ({ url: imageUrl(id, 'remove-laugh'), method: 'POST', body: { userIdentifier } }),
      transformResponse: parseResponse(laughResultSchema(false)),
      invalidatesTags: (_result, error, arg) => [...laughTags(error, arg)],
      onQueryStarted: (arg, api) => laughLifecycle(arg, false, api),
    }),
  }),
});

export const { useHasLaughedQuery, useLeaderboardQuery } = communityQueries;
export const { useAddLaughMutation, useRemoveLaughMutation } = communityApi;

/**
 * The recent feed with the spec's timings (000 §7): refetched every 15 s, fetched again on
 * mount when older than 10 s, never on focus (the store has no focus listener).
 */
export function useRecentCommunityEdits(limit?: number) {
  return communityQueries.useRecentCommunityEditsQuery(limit, {
    pollingInterval: COMMUNITY_POLL_INTERVAL_MS,
    refetchOnMountOrArgChange: COMMUNITY_STALE_AFTER_S,
  });
}

/** The Hall of Fame's pages 1..`pages`, refetched every 10 s (000 §7). */
export function useLeaderboard(pages: number) {
  return useLeaderboardQuery(pages, { pollingInterval: LEADERBOARD_POLL_INTERVAL_MS });
}
