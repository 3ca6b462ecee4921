/**
 * Who is signed in: read by the shell and by every feature (features may not import each other,
 * ARCHITECTURE rule 9), so it lives in shared/. Sign-in and sign-up mutations belong to the
 * identity feature and refresh this through the `User` tag.
 */
import { baseApi, TAG_TYPES, type TagType } from './base-api';

/** Data that is the same for everyone; all other tags hold something of the signed-in user's. */
const PUBLIC_TAGS: readonly TagType[] = ['User', 'CommunityFeed', 'Leaderboard', 'Catalogue'];
/** Tags whose data belongs to whoever is signed in: stale as soon as that person changes. */
export const PER_USER_TAGS: readonly TagType[] = TAG_TYPES.filter((tag) => !PUBLIC_TAGS.includes(tag));

/** D6 */
export type SubscriptionTier = 'free' | 'paid' | 'starter' | 'creator' | 'pro';
const TIERS: readonly SubscriptionTier[] = ['free', 'paid', 'starter', 'creator', 'pro'];

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

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads an answer of GET /api/user; anything without an e-mail is "no user". */
export function toCurrentUser(body: unknown): CurrentUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const raw = body as Record<string, unknown>;
  if (typeof raw.email !== 'string' || raw.email === '') return null;
  const tier = TIERS.find((t) => t === raw.subscriptionTier) ?? 'free';
  return {
    id: typeof raw.id === 'number' ? String(raw.id) : optionalText(raw.id),
    email: raw.email,
    username: optionalText(raw.username),
    firstName: optionalText(raw.firstName),
    lastName: optionalText(raw.lastName),
    emailVerified: raw.emailVerified === true,
    isSubscribed: raw.isSubscribed === true,
    subscriptionTier: tier,
    isAdmin: raw.isAdmin === true,
  };
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

export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/user. A 401 means "signed out" and yields null rather than an error; so does any
     * other failure, so that a broken session never leaves the shell stuck. Never retried and
     * never refetched on focus (000 §7).
     */
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/user' });
        if (result.error) return { data: null };
        return { data: toCurrentUser(result.data) };
      },
      providesTags: ['User'],
    }),

    /** POST /api/logout: clears the session; the cached user becomes null at once. */
    logout: build.mutation<null, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(currentUserApi.util.upsertQueryData('getCurrentUser', undefined, null));
      },
      // Everything that belonged to the signed-out user is fetched again (or dropped) on next use.
      invalidatesTags: (_result, error) => (error ? [] : [...PER_USER_TAGS]),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLogoutMutation } = currentUserApi;
