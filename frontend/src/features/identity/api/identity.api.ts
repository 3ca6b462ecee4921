import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import { currentUserApi, currentUserSchema, PER_USER_TAGS, type CurrentUser } from '../../../shared/api/current-user.api';
import type { ApiAnswer, ApiBody } from '../../../shared/api/contract';
import { parseResponse, type SchemaOf } from '../../../shared/api/parse-response';

/** POST /api/register (000 §3, 001 §3; `source` marks the video waitlist): the server's RegisterDto. */
export type RegistrationRequest = ApiBody<'/api/register', 'post'>;

export type LoginRequest = ApiBody<'/api/login', 'post'>;

/** The `{message}` answer of resend-confirmation, forgot-password and reset-password. */
export type MessageAnswer = ApiAnswer<'/api/resend-confirmation', 'post'>;

/** GET /api/confirm-email/{token}, as read: the message may be missing (the page then shows 001 §8's default). */
export type ConfirmEmailAnswer = Partial<ApiAnswer<'/api/confirm-email/{token}', 'get'>>;

export type ResetPasswordRequest = ApiBody<'/api/reset-password', 'post'>;

export type ResetLinkCheck = ApiAnswer<'/api/reset-password/{token}', 'get'>;

/** D36: the code (and text) of an expired, used or unknown reset link. */
export const RESET_LINK_INVALID_CODE = 'IDENTITY.RESET_LINK_INVALID';
export const RESET_LINK_INVALID_TEXT = 'This password reset link has expired or has already been used.';
/** D36: what POST /api/forgot-password answers for every well-formed address. */
export const FORGOT_PASSWORD_SENT_TEXT = 'If an account exists for that email, we have sent a link to reset its password.';

export type CaptchaConfig = ApiAnswer<'/api/captcha-config', 'get'>;

/** The server's own message, when it sent a non-empty one. */
const message = z.catch(z.optional(z.string().check(z.minLength(1))), undefined);

/** GET /api/confirm-email/{token} answers `{message, alreadyVerified?: true}`; 001 §8 has a default for the message. */
const confirmEmailAnswerSchema = z.pipe(
  z.object({ message, alreadyVerified: z.catch(z.boolean(), false) }),
  z.transform(
    (answer): ConfirmEmailAnswer => ({
      ...(answer.message ? { message: answer.message } : {}),
      ...(answer.alreadyVerified ? { alreadyVerified: true } : {}),
    }),
  ),
) satisfies SchemaOf<ConfirmEmailAnswer>;

/** GET /api/captcha-config: Turnstile only with a site key, otherwise no captcha (D20). */
const captchaConfigSchema = z.pipe(
  z.object({
    provider: z.catch(z.nullable(z.string()), null),
    siteKey: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
  }),
  z.transform(({ provider, siteKey }): CaptchaConfig =>
    provider === 'turnstile' && siteKey ? { provider: 'turnstile', siteKey } : { provider: null, siteKey: null },
  ),
) satisfies SchemaOf<CaptchaConfig>;

/**
 * Login and registration answer the user. An answer that is not a user (no e-mail) is not an
 * error: the session may still be signed in, so GET /api/user is asked instead (below).
 */
const signedInAnswerSchema = z.catch(z.nullable(currentUserSchema), null) satisfies SchemaOf<CurrentUser | null>;

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
      transformResponse: parseResponse(signedInAnswerSchema),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
      invalidatesTags: (user, error) => [...signedInTags(user, error)],
    }),

    login: build.mutation<CurrentUser | null, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      transformResponse: parseResponse(signedInAnswerSchema),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSignedInUser(queryFulfilled, dispatch),
      invalidatesTags: (user, error) => [...signedInTags(user, error)],
    }),

    /** POST /api/resend-confirmation (000 §7, 001 §7). */
    resendConfirmation: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: '/resend-confirmation', method: 'POST', body }),
    }),

    /**
     * GET /api/confirm-email/{token} (001 §7). A query, so that React StrictMode's second mount
     * (and any other component asking for the same token while it runs) shares the one request
     * instead of verifying twice. Success makes the user verified and grants 2 credits (D1).
     */
    confirmEmail: build.query<ConfirmEmailAnswer, string>({
      query: (token) => `/confirm-email/${encodeURIComponent(token)}`,
      transformResponse: parseResponse(confirmEmailAnswerSchema),
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(baseApi.util.invalidateTags(['User', 'Credits']));
      },
    }),

    /** POST /api/forgot-password (D36): the same answer whether or not the address has an account. */
    forgotPassword: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),

    /**
     * GET /api/reset-password/{token} (D36): whether the mailed link can still be used. Not kept
     * once the page is left: a link used a moment ago must be checked again.
     */
    checkResetLink: build.query<ResetLinkCheck, string>({
      query: (token) => `/reset-password/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),

    /**
     * POST /api/reset-password (D36). It does not sign in, and it ends every session of the account
     * (this browser's too, if it was signed in as that account): the cached user becomes "signed
     * out" before the call resolves, so that /auth shows Sign In rather than moving on.
     */
    resetPassword: build.mutation<MessageAnswer, ResetPasswordRequest>({
      async queryFn(body, api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: '/reset-password', method: 'POST', body });
        if (result.error) return { error: result.error };
        await api.dispatch(currentUserApi.util.upsertQueryData('getCurrentUser', undefined, null));
        return { data: result.data as MessageAnswer };
      },
      invalidatesTags: (_answer, error) => (error ? [] : [...PER_USER_TAGS]),
    }),

    /** GET /api/captcha-config: which captcha the server verifies (D20: possibly none). */
    getCaptchaConfig: build.query<CaptchaConfig, void>({
      query: () => '/captcha-config',
      transformResponse: parseResponse(captchaConfigSchema),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useResendConfirmationMutation,
  useConfirmEmailQuery,
  useGetCaptchaConfigQuery,
  useForgotPasswordMutation,
  useCheckResetLinkQuery,
  useResetPasswordMutation,
} = identityApi;
