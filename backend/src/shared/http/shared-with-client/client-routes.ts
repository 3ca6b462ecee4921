/**
 * Issue 24: every path pattern of the client's route table (frontend/src/app/router.tsx), in one
 * list read by both sides. The server answers a GET of any other path with the app's HTML and
 * status 404 (the client then shows its "404 Page Not Found" page), so that a mistyped or removed
 * address is not a "soft 404" that search engines index; the client's route table is checked
 * against this list by app/router.test.tsx (both ways). The frontend imports this file as
 * `@page-meta/client-routes`. Plain TypeScript with no imports, so both builds can read it.
 *
 * A pattern is written as React Router writes it: `/share/:id` has one dynamic segment, which
 * matches any one non-empty segment of the address.
 */
export const CLIENT_ROUTES = [
  // 000 §2: the landing page, under both of its names.
  '/',
  '/sales',
  '/auth',
  // D36: the mailed password reset link; without a token it says the link is not valid.
  '/reset-password/:token',
  '/reset-password',
  // D30: the local test checkout.
  '/checkout/local/:sessionId',
  '/leaderboard',
  '/pricing',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  // Issue 15: an edit's share page (the server answers 404 itself for an edit nobody may see).
  '/share/:id',
  '/dashboard',
  '/my-edits',
  '/profile',
  '/order',
  '/checkout/success',
  '/admin',
  '/confirm-email/:token',
  '/confirm-email',
  '/tools/youtube-to-article',
  '/tools/photoshop-ai',
  '/tools/photo-editor',
  '/brains/youtube-script-gen',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

const PATTERNS: ReadonlyArray<readonly string[]> = CLIENT_ROUTES.map(segmentsOf);

/** The segments of a path or pattern, with trailing slashes ignored ("/pricing/" is "/pricing", "/" has none). */
function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

/**
 * Whether the client has a route for this address path (as sent, undecoded), by React Router's
 * rules: case-insensitive, trailing slashes ignored, a `:param` matches one non-empty segment.
 */
export function isClientRoute(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => {
        const segment = segments[i] ?? '';
        return part.startsWith(':') ? segment !== '' : part.toLowerCase() === segment.toLowerCase();
      }),
  );
}
