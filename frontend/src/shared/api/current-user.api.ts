/**
 * Who is signed in: read by the shell and by every feature (features may not import each other,
 * ARCHITECTURE rule 9), so it lives in shared/. Sign-in and sign-up mutations belong to the
 * identity feature and refresh this through the `User` tag.
 */
import { hasSignedInHint } from '@page-meta/signed-in-hint';
import { z } from 'zod/mini';
import { baseApi, TAG_TYPES, type TagType } from './base-api';
import { parseResponse } from './parse-response';

/** Data that is the same for everyone; all other tags hold something of the signed-in user's. */
const PUBLIC_TAGS: readonly TagType[] = ['User', 'CommunityFeed', 'Leaderboard', 'Catalogue'];
/** Tags whose data belongs to whoever is signed in: stale as soon as that person changes. */
export const PER_USER_TAGS: readonly TagType[] = TAG_TYPES.filter((tag) => !PUBLIC_TAGS.includes(tag));

/** D6 */
export type SubscriptionTier = 'free' | 'paid' | 'starter' | 'creator' | 'pro';
const TIERS = ['free', 'paid', 'starter', 'creator', 'pro'] as const satisfies readonly SubscriptionTier[];

/** The current user as GET /api/user reports it (000 §3, 001 §3; `isAdmin` per D22). */
export interface CurrentUser {
  id: string | null;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isSubscribed: boolean;
  subscriptionTier: SubscriptionTier;
  isAdmin: boolean;
}

/** A text field the client may do without: missing, empty or not a string reads as null. */
const optionalText = z.catch(z.nullable(z.string().check(z.minLength(1))), null);
/** A flag that is only on when the server says `true`; missing or broken reads as off. */
const flag = z.catch(z.boolean(), false);

/** An answer of GET /api/user (and of login and register): a user is whatever has an e-mail. */
export const currentUserSchema = z.pipe(
  z.object({
    id: z.catch(z.nullable(z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.minLength(1))])), null),
    email: z.string().check(z.minLength(1)),
    username: optionalText,
    firstName: optionalText,
    lastName: optionalText,
    emailVerified: flag,
    isSubscribed: flag,
    subscriptionTier: z.catch(z.enum(TIERS), 'free'),
    isAdmin: flag,
  }),
  z.transform((user): CurrentUser => user),
);

/** Reads an answer of GET /api/user; anything without an e-mail is "no user". */
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
  return user.username ?? (user.email.split('@')[0] || user.email);
}

/**
 * POST /api/logout answers `{message}` (or nothing, 204); the client needs nothing from it but
 * its success.
 */
const logoutAnswerSchema = z.nullable(z.object({ message: z.catch(z.optional(z.string()), undefined) }));
type LogoutAnswer = z.output<typeof logoutAnswerSchema>;

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
      transformResponse: parseResponse(logoutAnswerSchema),
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
