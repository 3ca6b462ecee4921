import { z } from 'zod/mini';
import type { ApiSchema } from '../../../shared/api/contract';
import { address, editFieldsShape, toEditFields, type EditFields } from '../../../shared/api/edit-fields';
import type { SchemaOf } from '../../../shared/api/parse-response';

/**
 * A community edit as the client uses it (000 §3 "Community image entry", the server's
 * CommunityEntryResponse without the two path aliases), read from the recent feed, the leaderboard
 * and live messages alike: a live message (000 §4) and a list the page can show in part are read
 * leniently. Missing image addresses are derived from the id (000 §2 "Image links"); a missing or
 * broken laugh count reads as 0 (000 §4); missing or broken renditions read as none (D31: the full
 * image is drawn).
 */
export type CommunityEntry = EditFields;

export type LeaderboardEntry = CommunityEntry & Pick<ApiSchema<'LeaderboardEntryResponse'>, 'rank'>;

const entryFields = {
  id: z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.minLength(1))]),
  ...editFieldsShape,
  // The entry also names its two images generatedPath and originalPath (000 §3).
  generatedPath: address,
  originalPath: address,
};

const entryObject = z.object(entryFields);

function toEntry(raw: z.output<typeof entryObject>): CommunityEntry {
  return toEditFields({ ...raw, imageUrl: raw.imageUrl ?? raw.generatedPath, originalUrl: raw.originalUrl ?? raw.originalPath });
}

/** One community edit (recent feed, live message); only the id is required. */
export const communityEntrySchema = z.pipe(entryObject, z.transform(toEntry)) satisfies SchemaOf<CommunityEntry>;

/** A leaderboard entry; without a usable rank it gets its place on its page (see below). */
const rankedEntrySchema = z.pipe(
  z.object({ ...entryFields, rank: z.catch(z.optional(z.number().check(z.positive())), undefined) }),
  z.transform((raw) => ({ entry: toEntry(raw), rank: raw.rank })),
);

export function toCommunityEntry(value: unknown): CommunityEntry | null {
  const result = z.safeParse(communityEntrySchema, value);
  return result.success ? result.data : null;
}

/** An item of a list that is not an edit is left out (null here, dropped by the list). */
const listItem = z.catch(z.nullable(communityEntrySchema), null);
const rankedListItem = z.catch(z.nullable(rankedEntrySchema), null);

/**
 * A list of community edits (GET /api/community/recent). The answer must be a list: anything
 * else is an unreadable answer, shown as the list's error state.
 */
export const communityEntriesSchema = z.pipe(
  z.array(listItem),
  z.transform((items) => items.filter((item): item is CommunityEntry => item !== null)),
);

/** One leaderboard page (GET /api/leaderboard?page=N); an entry without a rank gets its place. */
export function leaderboardPageSchema(page: number, pageSize: number) {
  return z.pipe(
    z.array(rankedListItem),
    z.transform((items) =>
      items.flatMap((item, index): LeaderboardEntry[] =>
        item ? [{ ...item.entry, rank: item.rank ?? (page - 1) * pageSize + index + 1 }] : [],
      ),
    ),
  );
}

/** "1 laugh", "3 laughs". */
export function laughsLabel(count: number): string {
  return `${count} ${count === 1 ? 'laugh' : 'laughs'}`;
}
