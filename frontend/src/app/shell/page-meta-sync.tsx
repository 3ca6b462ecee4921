import { useLocation } from 'react-router-dom';
import { usePageMetaFor } from '../../shared/lib/page-meta';

/**
 * Issue 15: keeps the tab title and the description meta right on client-side navigation. Placed
 * after the root layout (router.tsx), so that its effect runs after the page's own (React runs a
 * later sibling's effects later) and the table's title of a public page is the one that stays.
 */
export function PageMetaSync() {
  usePageMetaFor(useLocation().pathname);
  return null;
}
