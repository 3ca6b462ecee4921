import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, PHONE_TOASTS_QUERY } from './toaster';

/** A window that matches the phone query or not (jsdom has no matchMedia of its own). */
function screenWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_TOASTS_QUERY ? phone : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

async function shownToaster() {
  render(<AppToaster />);
  act(() => {
    toast('Welcome back!', { description: 'Logged in as pat@example.com' });
  });
  await screen.findByText('Welcome back!');
  return document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
}

describe('where toasts show (000 §9; issue 24)', () => {
  it('bottom-right on wider screens, as the spec says', async () => {
    screenWidth(false);
    const toaster = await shownToaster();
    expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster).toHaveAttribute('data-x-position', 'right');
  });

  it('at the top on phones, under the top bar, away from sticky bars and bottom sheets', async () => {
    screenWidth(true);
    const toaster = await shownToaster();
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    expect(toaster).toHaveAttribute('data-x-position', 'center');
    expect(toaster.style.getPropertyValue('--mobile-offset-top')).toBe('calc(var(--topbar-height) + var(--space-2))');
  });
});
