/**
 * The signed-in user's credits (000 §3 "Credits", D2): read by the shell's balance pill and,
 * later, by the editor's "Available Credits" box, so it lives in shared/. Anything that changes
 * the balance (verification, generation, purchases, admin adjustments) invalidates `Credits`.
 */
import { z } from 'zod/mini';
import { baseApi } from './base-api';
import type { ApiAnswer } from './contract';
import { useGetCurrentUserQuery } from './current-user.api';
import { parseResponse, type SchemaOf } from './parse-response';

/** GET /api/user/credits (D2): `balance` is `regular + watermarked`. */
export type Credits = ApiAnswer<'/api/user/credits', 'get'>;

/** 000 §7 / §9: polled every 2 s while signed in. */
export const CREDITS_POLL_INTERVAL_MS = 2000;

/** A count the client can show; a missing or broken one reads as 0. */
const count = z.catch(z.number(), 0);

/**
 * GET /api/user/credits, polled every 2 s by every signed-in page: a count the answer lacks reads
 * as 0 and `balance` falls back to `regular + watermarked`, so a partial answer never blanks the
 * balance pill.
 */
export const creditsSchema = z.pipe(
  z.object({ balance: z.catch(z.optional(z.number()), undefined), regular: count, watermarked: count }),
  z.transform(({ balance, regular, watermarked }): Credits => ({
    balance: balance ?? regular + watermarked,
    regular,
    watermarked,
  })),
) satisfies SchemaOf<Credits>;

export const creditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCredits: build.query<Credits, void>({
      query: () => '/user/credits',
      transformResponse: parseResponse(creditsSchema),
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
