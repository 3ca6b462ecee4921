/**
 * The My Edits feature's calls (001 §2, §4, §7; the issue 11 contract): the saved-image list in
 * pages (cursor in `X-Next-Cursor`, counts in `X-Total-Count` / `X-Favorites-Count`), setting a
 * favorite (optimistic, undone on failure) and removing an image from My Edits.
 * The shapes are the server's (ADR 0027, shared/api/contract.ts); the list is read item by item.
 */
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import { currentUserApi } from '../../../shared/api/current-user.api';
import type { ApiAnswer, ApiSchema } from '../../../shared/api/contract';
import { address, editFieldsShape, imagePath, toEditFields } from '../../../shared/api/edit-fields';
import { fieldsOf, parseResponse, type SchemaOf } from '../../../shared/api/parse-response';

/** Images asked for per page (the server allows 1-100, default 30). */
export const MY_EDITS_PAGE_SIZE = 30;

/** Which list is shown: every saved image, or the favorites only (`favorites=true`). */
export type MyEditsFilter = 'all' | 'favorites';

/**
 * A saved image as the client uses it (001 §3 "Saved image"): the server's SavedImageResponse
 * (`savedAt` / `expiresAt` read as '' when missing: then no badge), and whether the signed-in user
 * (their id as the identifier) laughed at it, from GET /api/community/laughed.
 */
export type SavedImage = ApiSchema<'SavedImageResponse'> & { hasLaughed: boolean };

/** One page of GET /api/my-edits: its images and what the response headers said. */
export interface MyEditsPage {
  items: SavedImage[];
  /** `X-Total-Count`: all saved, unexpired images; null when the header was missing. */
  totalCount: number | null;
  /** `X-Favorites-Count`: the favorites among them; null when the header was missing. */
  favoritesCount: number | null;
  /** `X-Next-Cursor`: pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export type MyEditsData = InfiniteData<MyEditsPage, string | null>;

function callPath(id: string, action: string): string {
  return `/images/${encodeURIComponent(id)}/${action}`;
}

const flag = z.catch(z.boolean(), false);
const id = z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.minLength(1))]);

const savedImageSchema = z.pipe(
  z.object({
    id,
    ...editFieldsShape,
    savedAt: z.catch(z.pipe(z.nullable(z.string()), z.transform((value) => value ?? '')), ''),
    expiresAt: z.catch(z.pipe(z.nullable(z.string()), z.transform((value) => value ?? '')), ''),
    isFavorite: flag,
    isPublic: flag,
    isHiddenByAdmin: flag,
    // D38: the versions of its edit chain; a missing or broken count reads as 1 (a single edit).
    versions: z.catch(
      z.pipe(
        z.number(),
        z.transform((count) => Math.max(1, Math.trunc(count))),
      ),
      1,
    ),
    downloadUrl: address,
  }),
  z.transform(
    (raw): SavedImage => ({
      ...raw,
      ...toEditFields(raw),
      downloadUrl: raw.downloadUrl ?? imagePath(raw.id, '/download'),
      // Asked of GET /api/community/laughed once per page (below).
      hasLaughed: false,
    }),
  ),
) satisfies SchemaOf<SavedImage>;

/** The list answer: a JSON array; an entry that does not parse (no id) is dropped. */
export const savedImagesSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((values) =>
    values.flatMap((value) => {
      const result = z.safeParse(savedImageSchema, value);
      return result.success ? [result.data] : [];
    }),
  ),
);

const readSavedImages = parseResponse(savedImagesSchema);

type LaughedAnswer = ApiAnswer<'/api/community/laughed', 'get'>;

/** GET /api/community/laughed answers `{laughed: [ids]}`; anything else reads as none (the cards start unlaughed). */
const laughedSchema = z.catch(
  z.pipe(z.object(fieldsOf<LaughedAnswer>()({ laughed: z.array(z.string()) })), z.transform((answer) => answer.laughed)),
  [],
) satisfies SchemaOf<LaughedAnswer['laughed']>;

function readLaughed(body: unknown): string[] {
  return z.parse(laughedSchema, body);
}

/** A count header: a whole number ≥ 0, else null. */
function countHeader(headers: Headers | undefined, name: string): number | null {
  const value = headers?.get(name)?.trim();
  if (!value || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** Reads one page: the parsed body and the three headers of the contract. */
export function toMyEditsPage(body: unknown, headers: Headers | undefined): MyEditsPage {
  const nextCursor = headers?.get('X-Next-Cursor')?.trim();
  return {
    items: readSavedImages(body),
    totalCount: countHeader(headers, 'X-Total-Count'),
    favoritesCount: countHeader(headers, 'X-Favorites-Count'),
    nextCursor: nextCursor ? nextCursor : null,
  };
}

/**
 * POST /api/images/{id}/favorite answers `{id, isFavorite, expiresAt}`; the star follows
 * `isFavorite`, and an expiry the answer lacks leaves the card's date as it was.
 */
export type FavoriteAnswer = Omit<ApiAnswer<'/api/images/{id}/favorite', 'post'>, 'expiresAt'> & { expiresAt: string | null };
const favoriteAnswerSchema = z.object(
  fieldsOf<FavoriteAnswer>()({
    id: z.catch(id, ''),
    isFavorite: z.boolean(),
    expiresAt: z.catch(z.nullable(z.string()), null),
  }),
) satisfies SchemaOf<FavoriteAnswer>;

/** DELETE /api/images/{id}/save answers `{isSaved: false}`. */
export type RemoveAnswer = ApiAnswer<'/api/images/{id}/save', 'delete'>;

export interface SetFavoriteArgs {
  id: string;
  /** The wanted state (the server sets it; a missing body would toggle). */
  isFavorite: boolean;
}

/** The laugh state of a saved image, as the laugh control changes it (the answer of a laugh). */
export type LaughState = ApiAnswer<'/api/images/{id}/add-laugh', 'post'>;

const myEditsQueries = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/my-edits?limit=30[&cursor=…][&favorites=true]: saved images, newest first, a page
     * at a time. 403 without a paid plan (the page's upgrade prompt). Load more asks for the page
     * after the last one's `X-Next-Cursor`.
     */
    myEdits: build.infiniteQuery<MyEditsPage, MyEditsFilter, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      async queryFn({ queryArg, pageParam }, api, _extraOptions, baseQuery) {
        const list = await baseQuery({
          url: '/my-edits',
          params: {
            limit: MY_EDITS_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
            ...(queryArg === 'favorites' ? { favorites: 'true' } : {}),
          },
        });
        if (list.error) return { error: list.error };
        const page = toMyEditsPage(list.data, list.meta?.response?.headers);
        // 001 §3: My Edits laughs use the user id; which of this page's images it laughed at is
        // asked of the community API once per page. Without an answer the cards start unlaughed.
        const userId = currentUserApi.endpoints.getCurrentUser.select()(api.getState() as PatchState).data?.id;
        if (userId && page.items.length > 0) {
          const laughed = await baseQuery({
            url: '/community/laughed',
            params: { userIdentifier: userId, ids: page.items.map((item) => item.id).join(',') },
          });
          if (!laughed.error) {
            const ids = new Set(readLaughed(laughed.data));
            page.items = page.items.map((item) => ({ ...item, hasLaughed: ids.has(item.id) }));
          }
        }
        return { data: page };
      },
      providesTags: ['MyEdits'],
    }),
  }),
});

interface Undoable {
  undo: () => void;
}

type PatchState = Parameters<typeof myEditsQueries.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<PatchState, unknown, UnknownAction>;
/** The store's dispatch as the cache patches below need it. */
export type MyEditsDispatch = Dispatch;

/** Runs `recipe` on every cached My Edits list (all filters); returns the patches to undo. */
function patchLists(dispatch: Dispatch, state: PatchState, recipe: (draft: MyEditsData) => void): Undoable[] {
  const { util } = myEditsQueries;
  return util
    .selectCachedArgsForQuery(state, 'myEdits')
    .map((filter) => dispatch(util.updateQueryData('myEdits', filter, recipe)));
}

/** Changes one image wherever it is listed. */
function patchImage(dispatch: Dispatch, state: PatchState, imageId: string, change: (image: SavedImage) => void): Undoable[] {
  return patchLists(dispatch, state, (draft) => {
    for (const page of draft.pages) for (const image of page.items) if (image.id === imageId) change(image);
  });
}

/** The favorite flag of one image at once, and the favorites count with it. */
function patchFavorite(dispatch: Dispatch, state: PatchState, imageId: string, isFavorite: boolean): Undoable[] {
  return patchLists(dispatch, state, (draft) => {
    let changed = false;
    for (const page of draft.pages) {
      for (const image of page.items) {
        if (image.id !== imageId || image.isFavorite === isFavorite) continue;
        image.isFavorite = isFavorite;
        changed = true;
      }
    }
    if (!changed) return;
    for (const page of draft.pages) {
      if (page.favoritesCount !== null) page.favoritesCount = Math.max(0, page.favoritesCount + (isFavorite ? 1 : -1));
    }
  });
}

/** Takes a removed image out of every list, and out of the counts. */
function dropImage(dispatch: Dispatch, state: PatchState, imageId: string): void {
  patchLists(dispatch, state, (draft) => {
    let wasFavorite: boolean | null = null;
    for (const page of draft.pages) {
      const index = page.items.findIndex((image) => image.id === imageId);
      if (index === -1) continue;
      wasFavorite = page.items[index]?.isFavorite ?? false;
      page.items.splice(index, 1);
    }
    if (wasFavorite === null) return;
    for (const page of draft.pages) {
      if (page.totalCount !== null) page.totalCount = Math.max(0, page.totalCount - 1);
      if (wasFavorite && page.favoritesCount !== null) page.favoritesCount = Math.max(0, page.favoritesCount - 1);
    }
  });
}

export const myEditsApi = myEditsQueries.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/images/{id}/favorite {isFavorite}: the star changes at once in every cached list
     * (and the favorites count with it) and goes back if the request fails; the new expiry date
     * comes from the answer (favorite: a year, else 60 days after saving).
     */
    setFavorite: build.mutation<FavoriteAnswer, SetFavoriteArgs>({
      query: ({ id: imageId, isFavorite }) => ({ url: callPath(imageId, 'favorite'), method: 'POST', body: { isFavorite } }),
      transformResponse: parseResponse(favoriteAnswerSchema),
      async onQueryStarted({ id: imageId, isFavorite }, { dispatch, getState, queryFulfilled }) {
        const patches = patchFavorite(dispatch, getState() as PatchState, imageId, isFavorite);
        try {
          const { data } = await queryFulfilled;
          patchFavorite(dispatch, getState() as PatchState, imageId, data.isFavorite);
          if (data.expiresAt) {
            const expiresAt = data.expiresAt;
            patchImage(dispatch, getState() as PatchState, imageId, (image) => {
              image.expiresAt = expiresAt;
            });
          }
        } catch {
          for (const patch of patches.reverse()) patch.undo();
        }
      },
    }),

    /** DELETE /api/images/{id}/save: removes the image from My Edits (after the page's confirmation). */
    removeSavedImage: build.mutation<RemoveAnswer, string>({
      query: (imageId) => ({ url: callPath(imageId, 'save'), method: 'DELETE' }),
      async onQueryStarted(imageId, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dropImage(dispatch, getState() as PatchState, imageId);
      },
    }),
  }),
});

export const { useMyEditsInfiniteQuery } = myEditsQueries;
export const { useSetFavoriteMutation, useRemoveSavedImageMutation } = myEditsApi;

/**
 * Sets the laugh count and state of one image in every cached list, for the laugh control that
 * the page is given (the community feature's, composed in app/routes/my-edits.tsx).
 */
export function setCachedLaugh(imageId: string, laugh: LaughState): ThunkAction<void, PatchState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    patchImage(dispatch, getState(), imageId, (image) => {
      image.laughCount = Math.max(0, laugh.laughCount);
      image.hasLaughed = laugh.hasLaughed;
    });
  };
}
