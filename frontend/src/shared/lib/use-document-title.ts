import { useEffect } from 'react';

export const PRODUCT_NAME = 'Magic Editor';

/** Sets the tab title to "{title} · Magic Editor" (or the product name alone). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title && title !== PRODUCT_NAME ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
