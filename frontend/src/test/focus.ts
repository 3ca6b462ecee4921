import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until `element` has the focus. A component moves the focus in an effect, which React runs
 * after the element is in the document: a findBy can resolve in between, and on a busy machine
 * it does (issue 25). Fails, after the usual wait, when the focus never arrives.
 */
export async function expectFocus(element: Element): Promise<void> {
  await waitFor(() => expect(element).toHaveFocus());
}
