import { z } from 'zod/mini';
import { baseApi } from '../../../shared/api/base-api';
import type { ApiAnswer, ApiBody } from '../../../shared/api/contract';
import { fieldsOf, parseResponse, type SchemaOf } from '../../../shared/api/parse-response';

/**
 * GET /api/site-config as the pages use it: the landing page's demo video (an https address or a
 * same-origin path, "/media/demo.mp4"; null when there is none) and where support mail goes
 * (SUPPORT_EMAIL, D34; null here when the answer has no usable address).
 */
export type SiteConfig = Omit<ApiAnswer<'/api/site-config', 'get'>, 'supportEmail'> & { supportEmail: string | null };

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

/** A plain e-mail address (something@domain.tld, no spaces), trimmed; anything else is null. */
export function toSupportEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) && address.length <= 254 ? address : null;
}

/**
 * GET /api/site-config. Neither field has an error state: an address the video may not load, or
 * an answer that is not a site configuration, shows the "coming soon" poster (no video), and the
 * pages that name the support address say "our support team" without one. Each field is read on
 * its own, so one broken field does not lose the other.
 */
export const siteConfigSchema = z.catch(
  z.object(
    fieldsOf<SiteConfig>()({
      demoVideoUrl: z.pipe(z.catch(z.nullable(z.string()), null), z.transform((url: string | null) => toVideoUrl(url))),
      supportEmail: z.pipe(z.catch(z.nullable(z.string()), null), z.transform((address: string | null) => toSupportEmail(address))),
    }),
  ),
  { demoVideoUrl: null, supportEmail: null },
) satisfies SchemaOf<SiteConfig>;

export function toSiteConfig(body: unknown): SiteConfig {
  return z.parse(siteConfigSchema, body);
}

/** POST /api/contact (001 §3, D34). `website` is the hidden honeypot, sent only when filled. */
export type ContactMessage = ApiBody<'/api/contact', 'post'>;

/** The contact call answers 201 `{message: "Message sent"}`; the page shows its own text. */
export type ContactAnswer = ApiAnswer<'/api/contact', 'post'>;

export const marketingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/contact: anyone may send; 5 an hour per IP (D34). */
    sendContactMessage: build.mutation<ContactAnswer, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),

    /** GET /api/site-config: public, the same for everyone, fetched once per visit. */
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => '/site-config',
      transformResponse: parseResponse(siteConfigSchema),
      keepUnusedDataFor: SITE_CONFIG_CACHE_SECONDS,
    }),
  }),
});

export const { useGetSiteConfigQuery, useSendContactMessageMutation } = marketingApi;
