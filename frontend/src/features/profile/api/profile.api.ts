import { baseApi } from '../../../shared/api/base-api';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/**
 * The profile page's calls. The password change lives here rather than in the identity feature
 * because only this page uses it and features may not import each other (ARCHITECTURE rule 9).
 */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/user/change-password (001 §7): JSON on success, `{error}` on failure. */
    changePassword: build.mutation<unknown, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/change-password', method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation } = profileApi;
