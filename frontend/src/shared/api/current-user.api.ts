/**
 * Who is signed in: read by the shell and by every feature (features may not import each other,
 * ARCHITECTURE rule 9), so it lives in shared/. Sign-in and sign-up mutations belong to the
 * identity feature and refresh this through the `User` tag.
 */
import { hasSignedInHint } from '@page-meta/signed-in-hint';
import { z } from 'zod/mini';
import { baseApi, TAG_TYPES, type TagType } from './base-api';
import type { ApiAnswer, ApiSchema } from './contract';
import { everyValueOf, fieldsOf, type SchemaOf } from './parse-response';

/** Data that is the same for everyone; all other tags hold something of the signed-in user's. */
const PUBLIC_TAGS: readonly TagType[] = ['User', 'CommunityFeed', 'Leaderboard', 'Catalogue'];
/** Tags whose data belongs to whoever is signed in: stale as soon as that person changes. */
export const PER_USER_TAGS: readonly TagType[] = TAG_TYPES.filter((tag) => !PUBLIC_TAGS.includes(tag));

/** D6: the tier as the server sends it (billing owns it). */
export type SubscriptionTier = ApiSchema<'SubscriptionTier'>;
const TIERS = everyValueOf<SubscriptionTier>()(['free', 'paid', 'starter', 'creator', 'pro']);

/** The current user as GET /api/user (and sign-in, sign-up) answers it: the server's UserResponse. */
export type CurrentUser = ApiAnswer<'/api/user', 'get'>;

/**
 * An answer of GET /api/user (and of login and register), checked at run time because the shell
 * decides on it who is signed in: an answer that is not a user is "no user", never a broken shell.
 */
export const currentUserSchema = z.object(
  fieldsOf<CurrentUser>()({
    id: z.string().check(z.minLength(1)),
    email: z.string().check(z.minLength(1)),
    username: z.string(),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    emailVerified: z.boolean(),
    isSubscribed: z.boolean(),
    subscriptionTier: z.enum(TIERS),
    isAdmin: z.boolean(),
    createdAt: z.string(),
  }),
) satisfies SchemaOf<CurrentUser>;

/** Reads an answer of GET /api/user; anything that is not a user is "no user". */
export function toCurrentUser(body: unknown): CurrentUser | null {
  const result = z.safeParse(currentUserSchema, body);
  return result.success ? result.data : null;
}

/** The avatar initial: the first letter of the e-mail's local part, upper-cased, else "U". */
export function avatarInitial(email: string | null | undefined): string {
  const localPart = email?.split('@')[0] ?? '';
  return localPart.charAt(0).toUpperCase() || 'U';
}

/** What the avatar menu shows as the name: the username, else the e-mail's local part. */
export function displayName(user: CurrentUser): string {
  return user.username || user.email.split('@')[0] || user.email;
}

/** POST /api/logout answers `{message}`; the client needs nothing from it but its success. */
type LogoutAnswer = ApiAnswer<'/api/logout', 'post'>;

export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/user. A 401 means "signed out" and yields null rather than an error; so does any
     * other failure, so that a broken session never leaves the shell stuck. Never retried and
     * never refetched on focus (000 §7).
     *
     * Issue 24: asked only while the browser holds the signed-in hint cookie, which the server sets
     * and clears with the session cookie (that one is HttpOnly, so the page cannot see it). Without
     * it nobody is signed in: no request, so an anonymous visitor's pages log no failed request.
     */
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        if (!hasSignedInHint(globalThis.document?.cookie)) return { data: null };
        const result = await baseQuery({ url: '/user' });
        if (result.error) return { data: null };
        return { data: toCurrentUser(result.data) };
      },
      providesTags: ['User'],
    }),

    /** POST /api/logout: clears the session; the cached user becomes null at once. */
    logout: build.mutation<LogoutAnswer, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        void dispatch(currentUserApi.util.upsertQueryData('getCurrentUser', undefined, null));
      },
      // Everything that belonged to the signed-out user is fetched again (or dropped) on next use.
      invalidatesTags: (_result, error) => (error ? [] : [...PER_USER_TAGS]),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation } = currentUserApi;
