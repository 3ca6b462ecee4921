import { useGetSiteConfigQuery } from '../api/marketing.api';

/** Said while the site configuration loads, or when it has no usable address. */
export const SUPPORT_EMAIL_FALLBACK = 'our support address';

/**
 * The support address from GET /api/site-config (SUPPORT_EMAIL, D34) as a mailto link; plain
 * words while it loads or when the server has none, so a sentence around it still reads.
 */
export function SupportEmail({ fallback = SUPPORT_EMAIL_FALLBACK }: { fallback?: string }) {
  const { data } = useGetSiteConfigQuery();
  const address = data?.supportEmail;
  if (!address) return <>{fallback}</>;
  return <a href={`mailto:${address}`}>{address}</a>;
}
