import type { PromptFilterResult } from '@generation-rules/prompt-filter';
import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import type { ApiAnswer, ApiSchema } from '../../../shared/api/contract';
import { imagePath } from '../../../shared/api/edit-fields';
import { fieldsOf, lenientList, parseResponse, readsContract, type SchemaOf } from '../../../shared/api/parse-response';
import { renditionsSchema } from '../../../shared/api/renditions';

/** 000 §3 style values (the multipart form's `style`). Choosing the Magic Image Editor sets `realistic` (000 §2). */
export type GenerationStyle = NonNullable<ApiSchema<'GenerateFormDoc'>['style']>;

/** D39: how many variants one Generate asks for (each costs a credit). */
export type VariantCount = 1 | 2 | 4;
export const VARIANT_COUNTS: readonly VariantCount[] = [1, 2, 4];

/**
 * What the editor edits: an uploaded photo (000 §3 `image`), or one of the user's own completed
 * images (D38 `sourceImageId`: a step of an edit chain, no upload).
 */
export type GenerationSource = { image: File; sourceImageId?: undefined } | { sourceImageId: string; image?: undefined };

/**
 * What the editor sends to POST /api/generate (000 §3, §7; `share` is D14's isPublic; `variants`
 * D39, 1 when absent; `mask` D40, the painted area as a PNG at the photo's size).
 */
export type GenerationRequest = GenerationSource & {
  prompt: string;
  style: GenerationStyle;
  share: boolean;
  variants?: VariantCount;
  mask?: Blob | null;
};

/**
 * The answer of POST /api/generate (000 §3 `{imageUrl, id}`, and the contract's other fields) as
 * the editor reads it: the id is null only if an answer came without one (saving then refuses,
 * 000 §5), and so then is the original's address. `model` and `seed` are not shown.
 */
export type GenerationResult = Omit<ApiAnswer<'/api/generate', 'post'>, 'id' | 'originalUrl' | 'model' | 'seed' | 'variants'> & {
  id: string | null;
  originalUrl: string | null;
  /**
   * D39: every variant of a Generate that asked for 2 or 4, in order (the fields above are the
   * first completed one's); absent for one.
   */
  variants?: GenerationVariant[];
};

/** D39: one variant of a Generate, completed or failed (its credit returned). `model` and `seed` are not shown. */
export type GenerationVariant = Omit<ApiSchema<'GenerationVariantResponse'>, 'model' | 'seed'>;

/** 000 §4 "Community refresh": the community list is refreshed 1 s after a new image. */
export const COMMUNITY_REFRESH_DELAY_MS = 1000;

/** An optional text: missing, empty or not a string reads as null. */
const text = z.catch(z.nullable(z.string().check(z.minLength(1))), null);

const nullableText = z.catch(z.nullable(z.string()), null);

/** A variant the client cannot read (no id) is left out; an unknown status reads as failed. */
const generationVariantSchema = z.object(
  fieldsOf<GenerationVariant>()({
    id: z.string().check(z.minLength(1)),
    status: z.catch(z.enum(['completed', 'failed']), 'failed'),
    imageUrl: nullableText,
    originalUrl: nullableText,
    downloadUrl: nullableText,
    watermarked: z.catch(z.nullable(z.boolean()), null),
    originalRenditions: renditionsSchema,
    generatedRenditions: renditionsSchema,
    error: z.catch(
      z.nullable(z.object({ code: z.catch(z.string(), ''), message: z.catch(z.string(), '') })),
      null,
    ),
  }),
) satisfies SchemaOf<GenerationVariant>;

/**
 * The answer of POST /api/generate. Addresses the server left out are derived from the id
 * (000 §2 "Image links"); without an id the result itself is still downloadable.
 */
export const generationResultSchema = z.pipe(
  z.object({
    id: z.catch(z.nullable(z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.minLength(1))])), null),
    imageUrl: text,
    originalUrl: text,
    downloadUrl: text,
    watermarked: z.catch(z.boolean(), false),
    originalRenditions: renditionsSchema,
    generatedRenditions: renditionsSchema,
    variants: z.optional(lenientList(generationVariantSchema)),
  }),
  z.transform(({ id, variants, ...raw }): GenerationResult => {
    const imageUrl = raw.imageUrl ?? (id ? imagePath(id) : '');
    return {
      ...(variants && variants.length > 0 ? { variants } : {}),
      id,
      imageUrl,
      originalUrl: raw.originalUrl ?? (id ? imagePath(id, '/original') : null),
      // Without an id the result itself is still downloadable (the browser names the file).
      downloadUrl: raw.downloadUrl ?? (id ? imagePath(id, '/download') : imageUrl),
      watermarked: raw.watermarked,
      originalRenditions: raw.originalRenditions,
      generatedRenditions: raw.generatedRenditions,
    };
  }),
) satisfies SchemaOf<GenerationResult>;

export function toGenerationResult(body: unknown): GenerationResult {
  return z.parse(generationResultSchema, body);
}

/**
 * The answer of POST /api/content-filter (000 §5 step 3): a prompt the server could not judge
 * (a broken answer) is not blocked, so the local filter alone decides (000 §5).
 */
export const promptFilterResultSchema = z.pipe(
  z.object(fieldsOf<PromptFilterResult>()({ isBlocked: z.catch(z.boolean(), false), reason: text, category: text })),
  z.transform((result): PromptFilterResult => result),
) satisfies SchemaOf<ApiAnswer<'/api/content-filter', 'post'>>;

/** One thing the local engine can do (issue 15), with a prompt that shows it. */
export type EngineCapability = ApiSchema<'EngineCapabilityResponse'>;

type Capabilities = ApiAnswer<'/api/generation/capabilities', 'get'>;

/**
 * GET /api/generation/capabilities (issue 15): which engine edits the photos and what it can do.
 * `replicate`: the AI model, every chip works. `local`: the server's own engine, which does the
 * chips marked supported and the listed edits, nothing else. `capabilities` is [] with the AI
 * model (the server's null).
 */
export type EngineInfo = Omit<Capabilities, 'capabilities'> & { capabilities: EngineCapability[] };

const nonEmpty = z.string().check(z.minLength(1));

/** Entries that are not what the client relies on are left out, not the whole answer. */
export const engineInfoSchema = z.object(
  fieldsOf<EngineInfo>()({
    engine: z.enum(['replicate', 'local']),
    suggestions: lenientList(z.object(fieldsOf<Capabilities['suggestions'][number]>()({ prompt: nonEmpty, supported: z.boolean() }))),
    capabilities: lenientList(z.object(fieldsOf<EngineCapability>()({ name: nonEmpty, example: nonEmpty }))),
  }),
) satisfies SchemaOf<EngineInfo>;

/** The engine changes only with the server's configuration: keep the answer for the whole visit. */
export const ENGINE_INFO_CACHE_SECONDS = 60 * 60;

/** A completed variant as a result the editor can show, download and edit again; null for a failed one. */
export function variantResult(variant: GenerationVariant): GenerationResult | null {
  if (variant.status !== 'completed' || !variant.imageUrl) return null;
  return {
    id: variant.id,
    imageUrl: variant.imageUrl,
    originalUrl: variant.originalUrl ?? imagePath(variant.id, '/original'),
    downloadUrl: variant.downloadUrl ?? imagePath(variant.id, '/download'),
    watermarked: variant.watermarked ?? false,
    originalRenditions: variant.originalRenditions,
    generatedRenditions: variant.generatedRenditions,
  };
}

/** D40: the mask file's name in the multipart body. */
export const MASK_FILE_NAME = 'mask.png';

/** The multipart body of POST /api/generate. FormData passes through the base query untouched. */
export function toGenerationForm({ image, sourceImageId, prompt, style, share, variants = 1, mask }: GenerationRequest): FormData {
  const form = new FormData();
  if (image) form.append('image', image, image.name);
  else form.append('sourceImageId', sourceImageId);
  form.append('prompt', prompt.trim());
  form.append('style', style);
  form.append('share', share ? 'true' : 'false');
  // D39: absent means 1, so a single result's body is the same as before variants existed.
  if (variants > 1) form.append('variants', String(variants));
  if (mask) form.append('mask', mask, MASK_FILE_NAME);
  return form;
}

/**
 * One version of an edit chain as GET /api/images/{id}/history describes it (D38). `seed` and
 * `model` are not shown.
 */
export type EditVersion = Omit<ApiSchema<'ImageVersionResponse'>, 'seed' | 'model' | 'style'> & { style: GenerationStyle };

/** GET /api/images/{id}/history: the chain from its root (first) to the image (last), and the image's direct children. */
export interface EditHistory {
  chain: EditVersion[];
  children: EditVersion[];
}

const editVersionSchema = z.pipe(
  z.object({
    id: nonEmpty,
    parentImageId: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
    rootImageId: z.catch(z.nullable(z.string()), null),
    variantGroupId: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
    prompt: z.catch(z.string(), ''),
    style: z.catch(z.enum(['realistic', 'cartoon']), 'realistic'),
    watermarked: z.catch(z.boolean(), false),
    isPublic: z.catch(z.boolean(), false),
    createdAt: z.catch(z.string(), ''),
    imageUrl: text,
    originalUrl: text,
    downloadUrl: text,
    originalRenditions: renditionsSchema,
    generatedRenditions: renditionsSchema,
  }),
  z.transform(
    (raw): EditVersion => ({
      ...raw,
      rootImageId: raw.rootImageId ?? raw.id,
      imageUrl: raw.imageUrl ?? imagePath(raw.id),
      originalUrl: raw.originalUrl ?? imagePath(raw.id, '/original'),
      downloadUrl: raw.downloadUrl ?? imagePath(raw.id, '/download'),
    }),
  ),
) satisfies SchemaOf<EditVersion>;

/** The history answer: a version that cannot be read is left out (the chain shows what it can). */
export const editHistorySchema = z.object({
  chain: lenientList(editVersionSchema),
  children: lenientList(editVersionSchema),
}) satisfies SchemaOf<EditHistory>;

readsContract<EditHistory, ApiSchema<'ImageHistoryResponse'>>();

/** A version of the history as the result the editor shows. */
export function versionResult(version: EditVersion): GenerationResult {
  return {
    id: version.id,
    imageUrl: version.imageUrl,
    originalUrl: version.originalUrl,
    downloadUrl: version.downloadUrl,
    watermarked: version.watermarked,
    originalRenditions: version.originalRenditions,
    generatedRenditions: version.generatedRenditions,
  };
}

export const editorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/generate. A success spends a credit (the balance is fetched again at once) and
     * adds an image to My Edits' source list and, if shared, to the community feed.
     */
    generateImage: build.mutation<GenerationResult, GenerationRequest>({
      query: (request) => ({ url: '/generate', method: 'POST', body: toGenerationForm(request) }),
      transformResponse: parseResponse(generationResultSchema),
      invalidatesTags: (_result, error) => (error ? [] : ['Credits', 'MyEdits']),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        setTimeout(() => dispatch(baseApi.util.invalidateTags(['CommunityFeed'])), COMMUNITY_REFRESH_DELAY_MS);
      },
    }),

    /**
     * POST /api/content-filter (000 §5 step 3, D13): the server's check of a prompt that passed
     * the local filter. A query (POST) so that each prompt is asked about once.
     */
    checkPrompt: build.query<PromptFilterResult, string>({
      query: (prompt) => ({ url: '/content-filter', method: 'POST', body: { prompt } }),
      transformResponse: parseResponse(promptFilterResultSchema),
    }),

    /** GET /api/generation/capabilities (issue 15): public, the same for everyone, fetched once per visit. */
    getEngineInfo: build.query<EngineInfo, void>({
      query: () => '/generation/capabilities',
      transformResponse: parseResponse(engineInfoSchema),
      keepUnusedDataFor: ENGINE_INFO_CACHE_SECONDS,
    }),

    /**
     * GET /api/images/{id}/history (D38, owner only; 404 to everyone else): the edit chain that
     * `/dashboard?image={id}` reopens. Fetched anew each time the address asks for it.
     */
    getImageHistory: build.query<EditHistory, string>({
      query: (id) => `/images/${encodeURIComponent(id)}/history`,
      transformResponse: parseResponse(editHistorySchema),
      keepUnusedDataFor: 0,
    }),

    /** POST /api/images/{id}/save: Save to My Edits (paid plan, D7). */
    saveImage: build.mutation<ApiAnswer<'/api/images/{id}/save', 'post'>, string>({
      query: (id) => ({ url: `/images/${encodeURIComponent(id)}/save`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['MyEdits']),
    }),

    /** DELETE /api/images/{id}/save: Remove from My Edits. */
    unsaveImage: build.mutation<ApiAnswer<'/api/images/{id}/save', 'delete'>, string>({
      query: (id) => ({ url: `/images/${encodeURIComponent(id)}/save`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['MyEdits']),
    }),
  }),
});

export const {
  useGenerateImageMutation,
  useCheckPromptQuery,
  useGetEngineInfoQuery,
  useGetImageHistoryQuery,
  useSaveImageMutation,
  useUnsaveImageMutation,
} = editorApi;
