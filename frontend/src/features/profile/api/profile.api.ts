import type { UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../shared/api/base-api';
import type { ApiAnswer, ApiBody } from '../../../shared/api/contract';
import { currentUserApi, PER_USER_TAGS } from '../../../shared/api/current-user.api';
import { fileNameFromDisposition, saveBlob } from '../../../shared/lib/save-file';
import { fallbackExportName } from '../lib/export-name';

export type ChangePasswordRequest = ApiBody<'/api/user/change-password', 'post'>;

/** POST /api/user/change-password answers `{message}`; the page shows its own text. */
export type ChangePasswordAnswer = ApiAnswer<'/api/user/change-password', 'post'>;

/** What "Download my data" saved: the file's name. */
export interface DataExport {
  fileName: string;
}

/** The account's e-mail, typed to confirm (D35). */
export type DeleteAccountRequest = ApiBody<'/api/user/delete-account', 'post'>;

/** POST /api/user/delete-account answers `{message: "Account deleted"}`. */
export type DeleteAccountAnswer = ApiAnswer<'/api/user/delete-account', 'post'>;

/**
 * What the app forgets once the account is gone (D35: the server destroyed the session): nobody
 * is signed in, and everything that was the user's is fetched again (or dropped) on next use.
 * Plain actions, so that they apply at once, together, at the moment the caller chooses.
 */
export function signedOutActions(): UnknownAction[] {
  return [
    currentUserApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: null }]),
    baseApi.util.invalidateTags([...PER_USER_TAGS]),
  ];
}

/**
 * The profile page's calls. The password change lives here rather than in the identity feature
 * because only this page uses it and features may not import each other (ARCHITECTURE rule 9).
 */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/user/change-password (001 §7): JSON on success, `{error}` on failure. */
    changePassword: build.mutation<ChangePasswordAnswer, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/change-password', method: 'POST', body }),
    }),

    /**
     * GET /api/user/export (D35): a zip of the account, ledger and images, fetched with the
     * session cookie and saved under the server's name. The file itself never enters the store;
     * the call resolves with the name it was saved under. Failures are the usual ApiError (429
     * beyond 3 exports an hour, with the server's sentence).
     */
    downloadMyData: build.mutation<DataExport, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: '/user/export',
          cache: 'no-store',
          responseHandler: (response) => (response.ok ? response.blob() : response.text()),
        });
        if (result.error) return { error: result.error };
        const fileName =
          fileNameFromDisposition(result.meta?.response?.headers.get('Content-Disposition')) ?? fallbackExportName(new Date());
        saveBlob(result.data as Blob, fileName);
        return { data: { fileName } };
      },
    }),

    /**
     * POST /api/user/delete-account (D35). The caller moves off the profile and then dispatches
     * `signedOutActions()`. Images shared to the community are gone as well.
     */
    deleteAccount: build.mutation<DeleteAccountAnswer, DeleteAccountRequest>({
      query: (body) => ({ url: '/user/delete-account', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : ['CommunityFeed', 'Leaderboard']),
    }),
  }),
});

export const { useChangePasswordMutation, useDownloadMyDataMutation, useDeleteAccountMutation } = profileApi;
