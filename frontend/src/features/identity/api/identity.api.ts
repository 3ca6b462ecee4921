import { baseApi } from '../../../shared/api/base-api';
import { currentUserApi, PER_USER_TAGS, toCurrentUser, type CurrentUser } from '../../../shared/api/current-user.api';
import type { SignUpMode } from '../../../shared/lib/sign-up-dialog';

/** POST /api/register (000 §3, 001 §3; /tmp contract: `source` marks the video waitlist). */
export interface RegistrationRequest {
  email: string;
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** SHA-256 hex of the browser fingerprint (001 §3). */
  deviceFingerprint?: string;
  /** The Turnstile token, once the server has asked for a captcha (001 §4). */
  captchaToken?: string;
  source?: SignUpMode;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface MessageAnswer {
  message?: string;
}

export interface ConfirmEmailAnswer extends MessageAnswer {
  alreadyVerified?: boolean;
}

export interface CaptchaConfig {
  provider: 'turnstile' | null;
  siteKey: string | null;
}

function toMessageAnswer(body: unknown): MessageAnswer {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? { message } : {};
}

/**
 * Login and registration answer the user and sign the session in. The cached current user is
 * replaced at once (so the shell and /auth's redirect see it without another round trip), and
 * everything that belonged to the previous visitor is fetched again. When the answer is not a
 * user after all, GET /api/user is asked instead.
 */
const signedInTags = (user: CurrentUser | null | undefined, error: unknown) =>
  error ? [] : user ? [...PER_USER_TAGS] : (['User', ...PER_USER_TAGS] as const);

async function storeSignedInUser(
  queryFulfilled: Promise<{ data: CurrentUser | null }>,
  dispatch: (action: unknown) => unknown,
) {
  try {
    const { data: user } = await queryFulfilled;
    if (user) dispatch(currentUserApi.util.upsertQueryData('getCurrentUser', undefined, user));
  } catch {
    // The component shows the failure.
  }
}

export const identityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<CurrentUser | null, RegistrationRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      transformResponse: toCurrentUser,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
      invalidatesTags: (user, error) => [...signedInTags(user, error)],
    }),

    login: build.mutation<CurrentUser | null, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      transformResponse: toCurrentUser,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
      invalidatesTags: (user, error) => [...signedInTags(user, error)],
    }),

    /** POST /api/resend-confirmation (000 §7, 001 §7). */
    resendConfirmation: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: '/resend-confirmation', method: 'POST', body }),
      transformResponse: toMessageAnswer,
    }),

    /**
     * GET /api/confirm-email/{token} (001 §7). A query, so that React StrictMode's second mount
     * (and any other component asking for the same token while it runs) shares the one request
     * instead of verifying twice. Success makes the user verified and grants 2 credits (D1).
     */
    confirmEmail: build.query<ConfirmEmailAnswer, string>({
      query: (token) => `/confirm-email/${encodeURIComponent(token)}`,
      transformResponse: (body: unknown): ConfirmEmailAnswer => ({
        ...toMessageAnswer(body),
        ...(typeof body === 'object' && body !== null && (body as { alreadyVerified?: unknown }).alreadyVerified === true
          ? { alreadyVerified: true }
          : {}),
      }),
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(baseApi.util.invalidateTags(['User', 'Credits']));
      },
    }),

    /** GET /api/captcha-config: which captcha the server verifies (D20: possibly none). */
    getCaptchaConfig: build.query<CaptchaConfig, void>({
      query: () => '/captcha-config',
      transformResponse: (body: unknown): CaptchaConfig => {
        const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
        const siteKey = typeof raw.siteKey === 'string' && raw.siteKey !== '' ? raw.siteKey : null;
        return raw.provider === 'turnstile' && siteKey ? { provider: 'turnstile', siteKey } : { provider: null, siteKey: null };
      },
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useResendConfirmationMutation,
  useConfirmEmailQuery,
  useGetCaptchaConfigQuery,
} = identityApi;
