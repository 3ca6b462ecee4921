import { useEffect } from 'react';
import { DEFAULT_PAGE_META, pageMetaFor, shareIdOf, type PageMeta } from '@page-meta/page-meta';

/**
 * Issue 15: the tab title and the description meta of the page on screen. The server sends both
 * in the HTML of the first page (for search engines and link previews); after that the app keeps
 * them right itself, from the same table (@page-meta, backend shared/http/shared-with-client).
 */

/** The `<meta name="description">` of the document, made if the page has none. */
function descriptionElement(): HTMLMetaElement {
  let element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!element) {
    element = document.createElement('meta');
    element.name = 'description';
    document.head.append(element);
  }
  return element;
}

export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.title;
  descriptionElement().content = meta.description;
}

/**
 * On every client-side navigation: a public page gets its title and description from the table;
 * any other page the generic description (its own heading sets its title, shared/ui/page-heading),
 * except a share page, which sets both from its edit (features/share). Call it once, in a
 * component above every page and after them in the tree, so that it has the last word.
 */
export function usePageMetaFor(pathname: string): void {
  useEffect(() => {
    const meta = pageMetaFor(pathname);
    if (meta) applyPageMeta(meta);
    else if (shareIdOf(pathname) === null) descriptionElement().content = DEFAULT_PAGE_META.description;
  }, [pathname]);
}
