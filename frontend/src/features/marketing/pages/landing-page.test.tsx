import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { json, signedOut, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';

const VERIFIED_USER = {
  id: 5,
  email: 'dana@example.com',
  username: 'dana',
  emailVerified: true,
  isSubscribed: false,
  subscriptionTier: 'free',
  isAdmin: false,
};

function toaster() {
  return screen.findByRole('region', { name: /Notifications/ });
}

describe('landing page arrival parameters (000 §2, §8, §9)', () => {
  it.each([
    [
      '/?verified=true&credits=2',
      'success',
      'Email Verified Successfully!',
      'Welcome! You now have 2 free watermarked credits to start editing.',
      5000,
    ],
    ['/?verified=true&credits=5', 'success', 'Email Verified Successfully!', 'Welcome! You now have 5 free watermarked credits to start editing.', 5000],
    ['/?verified=true', 'success', 'Email Verified Successfully!', 'Welcome! You now have 2 free watermarked credits to start editing.', 5000],
    [
      '/?error=invalid-token',
      'error',
      'Verification Failed',
      'Invalid or expired verification link. Please request a new confirmation email.',
      5000,
    ],
    ['/?error=missing-token', 'error', 'Verification Failed', 'Invalid verification link format.', 5000],
    ['/?error=server-error', 'error', 'Verification Failed', 'Email verification failed. Please try again.', 5000],
    [
      '/?info=already-verified',
      'info',
      'Already Verified',
      'Your email has already been verified. You can start using your credits!',
      3000,
    ],
  ] as const)('%s shows a %s toast "%s", then the address becomes /', async (path, kind, title, description, duration) => {
    stubApi({ 'GET /api/user': signedOut });
    const spies = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error'), info: vi.spyOn(toast, 'info') };

    const { router } = renderRoute(path);

    const region = await toaster();
    expect(await within(region).findByText(title)).toBeInTheDocument();
    expect(within(region).getByText(description)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    // Replaced, not pushed: Back does not return to the parameters.
    expect(router.state.historyAction).toBe('REPLACE');
    // Destructive failures go through toast.error; each toast shows once, for its own duration.
    expect(spies[kind]).toHaveBeenCalledTimes(1);
    expect(spies[kind]).toHaveBeenCalledWith(title, expect.objectContaining({ description, duration }));
  });

  it('shows no toast and keeps the address without those parameters', async () => {
    stubApi({ 'GET /api/user': signedOut });

    const { router } = renderRoute('/?utm_source=newsletter');

    await screen.findByRole('heading', { level: 1, name: 'Edit any photo with one sentence' });
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?utm_source=newsletter');
  });

  it('takes a signed-in user to the editor 1 s after a successful verification', async () => {
    stubApi({ 'GET /api/user': () => json(VERIFIED_USER) });

    const { router } = renderRoute('/?verified=true&credits=2');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 2000 });
  });

  it('leaves a signed-out visitor on the landing page after a successful verification', async () => {
    stubApi({ 'GET /api/user': signedOut });

    const { router } = renderRoute('/?verified=true');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe('/');
  });
});
