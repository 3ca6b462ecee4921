import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openEditor } from '../pages/editor-test-kit';
import { TOUCH_FIRST_QUERY } from '../hooks/use-touch-first';

/** A matchMedia where only the touch-first query matches, or nothing does. */
function stubTouch(touch: boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: touch && query === TOUCH_FIRST_QUERY,
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
}

describe('the upload step on a phone (issue 15)', () => {
  it('asks a touch-first visitor to tap, not to drag and drop', async () => {
    stubTouch(true);
    await openEditor();
    const zone = screen.getByRole('group', { name: 'Photo drop zone' });
    expect(zone).toHaveTextContent('Tap to choose a photo');
    expect(zone).not.toHaveTextContent(/drag/i);
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeInTheDocument();
  });

  it('keeps "Drag and drop" on a computer (a fine pointer on a wide screen)', async () => {
    stubTouch(false);
    await openEditor();
    const zone = screen.getByRole('group', { name: 'Photo drop zone' });
    expect(zone).toHaveTextContent('Drag and drop your photo here');
    expect(zone).not.toHaveTextContent('Tap to choose a photo');
  });
});
