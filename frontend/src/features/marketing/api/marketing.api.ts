import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import { parseResponse } from '../../../shared/api/parse-response';

/** What GET /api/site-config answers: the landing page's demo video, when one is configured. */
export interface SiteConfig {
  /** An https address or a same-origin path ("/media/demo.mp4"); null when there is no video yet. */
  demoVideoUrl: string | null;
}

/** The site configuration changes only with a deploy: keep it for the whole visit. */
export const SITE_CONFIG_CACHE_SECONDS = 60 * 60;

/**
 * Accepts only what a `<video src>` may safely load: an absolute https address, or a path on
 * this site ("/…", but not the protocol-relative "//host/…"). Anything else counts as no video,
 * so a misconfigured value shows the "coming soon" poster instead of a broken player.
 */
export function toVideoUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/site-config. The demo video has no error state: an address it may not load, or an
 * answer that is not a site configuration, shows the "coming soon" poster (no video).
 */
export const siteConfigSchema = z.catch(
  z.object({ demoVideoUrl: z.pipe(z.catch(z.nullable(z.string()), null), z.transform((url: string | null) => toVideoUrl(url))) }),
  { demoVideoUrl: null },
);

export function toSiteConfig(body: unknown): SiteConfig {
  return z.parse(siteConfigSchema, body);
}

export const marketingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/site-config: public, the same for everyone, fetched once per visit. */
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => '/site-config',
      transformResponse: parseResponse(siteConfigSchema),
      keepUnusedDataFor: SITE_CONFIG_CACHE_SECONDS,
    }),
  }),
});

export const { useGetSiteConfigQuery } = marketingApi;
