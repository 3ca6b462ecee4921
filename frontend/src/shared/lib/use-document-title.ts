import { useEffect } from 'react';

export const PRODUCT_NAME = 'Magic Editor';

/**
 * Sets the tab title to "{title} · Magic Editor" (or the product name alone); with `exact`, to the
 * title as given (a page whose title the spec fixes word for word, such as 001's admin page).
 */
export function useDocumentTitle(title: string | undefined, { exact = false }: { exact?: boolean } = {}): void {
  useEffect(() => {
    document.title = exact && title ? title : title && title !== PRODUCT_NAME ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title, exact]);
}
