/**
 * The signed-in user's credits (000 §3 "Credits", D2): read by the shell's balance pill and,
 * later, by the editor's "Available Credits" box, so it lives in shared/. Anything that changes
 * the balance (verification, generation, purchases, admin adjustments) invalidates `Credits`.
 */
import { baseApi } from './base-api';
import { useGetCurrentUserQuery } from './current-user.api';

/** GET /api/user/credits (D2): `balance` is `regular + watermarked`. */
export interface Credits {
  balance: number;
  regular: number;
  watermarked: number;
}

/** 000 §7 / §9: polled every 2 s while signed in. */
export const CREDITS_POLL_INTERVAL_MS = 2000;

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function toCredits(body: unknown): Credits {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const regular = count(raw.regular);
  const watermarked = count(raw.watermarked);
  const balance = typeof raw.balance === 'number' ? raw.balance : regular + watermarked;
  return { balance, regular, watermarked };
}

export const creditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCredits: build.query<Credits, void>({
      query: () => '/user/credits',
      transformResponse: toCredits,
      providesTags: ['Credits'],
    }),
  }),
});

export const { useGetCreditsQuery } = creditsApi;

/**
 * The current balance, polled every 2 s while someone is signed in and not fetched at all
 * otherwise (a signed-out visitor has no credits; the call would only answer 401).
 */
export function useCredits() {
  const { data: user } = useGetCurrentUserQuery();
  return useGetCreditsQuery(undefined, { skip: !user, pollingInterval: CREDITS_POLL_INTERVAL_MS });
}

/** "1 credit", "5 credits". */
export function creditsLabel(balance: number): string {
  return `${balance} ${balance === 1 ? 'credit' : 'credits'}`;
}
