/**
 * Issue 15: an edit's share page (/share/{id}) and making an edit public so that its link opens for
 * everyone. In shared/ because the share page, the editor's Share and My Edits' Share all use it
 * (features may not import each other, ARCHITECTURE rule 9).
 */
import { z } from 'zod/mini';
import { baseApi } from './base-api';
import type { ApiAnswer, ApiSchema } from './contract';
import { editFieldsShape, toEditFields } from './edit-fields';
import { everyValueOf, parseResponse, type SchemaOf } from './parse-response';

/** Who can open an edit's share page: everyone, only its owner (D14 switch off), or only its owner because an admin hid it. */
export type ShareVisibility = ApiSchema<'ShareVisibility'>;
const VISIBILITIES = everyValueOf<ShareVisibility>()(['public', 'private', 'hidden']);

/** GET /api/images/{id}/share. */
export type SharedEdit = ApiAnswer<'/api/images/{id}/share', 'get'>;

/** POST /api/images/{id}/visibility. */
type VisibilityAnswer = ApiAnswer<'/api/images/{id}/visibility', 'post'>;

export const sharedEditSchema = z.pipe(
  z.object({
    id: z.string().check(z.minLength(1)),
    ...editFieldsShape,
    // Anything unknown is treated as not public: the owner is asked before a link is shared.
    visibility: z.catch(z.enum(VISIBILITIES), 'private'),
    isOwner: z.catch(z.boolean(), false),
    // D42: the model that made the edit; missing, empty or not a string reads as null (not named).
    model: z.catch(
      z.nullable(
        z.pipe(
          z.string(),
          z.transform((model) => model.trim() || null),
        ),
      ),
      null,
    ),
  }),
  z.transform((raw): SharedEdit => ({ ...toEditFields(raw), visibility: raw.visibility, isOwner: raw.isOwner, model: raw.model })),
) satisfies SchemaOf<SharedEdit>;

export const sharedEditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/images/{id}/share: 404 when the edit is private or hidden and not the viewer's, or does not exist. */
    sharedEdit: build.query<SharedEdit, string>({
      query: (id) => `/images/${encodeURIComponent(id)}/share`,
      transformResponse: parseResponse(sharedEditSchema),
      // What it says depends on who is signed in (isOwner, a private edit): a per-user tag, so
      // signing in or out fetches it again; so does a change of the user's edits.
      providesTags: ['MyEdits'],
    }),

    /**
     * POST /api/images/{id}/visibility {isPublic: true} (D14, owner only): the edit joins the
     * community feed and its share page opens for everyone.
     */
    makeEditPublic: build.mutation<VisibilityAnswer, string>({
      query: (id) => ({ url: `/images/${encodeURIComponent(id)}/visibility`, method: 'POST', body: { isPublic: true } }),
      invalidatesTags: (_result, error) => (error ? [] : ['CommunityFeed', 'MyEdits']),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!data.isPublic) return;
          dispatch(
            sharedEditApi.util.updateQueryData('sharedEdit', id, (draft) => {
              if (draft.visibility === 'private') draft.visibility = 'public';
            }),
          );
        } catch {
          // The caller says so.
        }
      },
    }),
  }),
});

export const { useSharedEditQuery, useLazySharedEditQuery, useMakeEditPublicMutation } = sharedEditApi;
