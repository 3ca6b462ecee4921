import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import { parseResponse } from '../../../shared/api/parse-response';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/user/change-password answers `{message}`; the page shows its own text. */
const changePasswordAnswerSchema = z.object({ message: z.catch(z.optional(z.string()), undefined) });
export type ChangePasswordAnswer = z.output<typeof changePasswordAnswerSchema>;

/**
 * The profile page's calls. The password change lives here rather than in the identity feature
 * because only this page uses it and features may not import each other (ARCHITECTURE rule 9).
 */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/user/change-password (001 §7): JSON on success, `{error}` on failure. */
    changePassword: build.mutation<ChangePasswordAnswer, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/change-password', method: 'POST', body }),
      transformResponse: parseResponse(changePasswordAnswerSchema),
    }),
  }),
});

export const { useChangePasswordMutation } = profileApi;
