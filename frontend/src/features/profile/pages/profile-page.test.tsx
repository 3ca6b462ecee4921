import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { ERIN, openProfile } from '../profile-test-kit';

type User = ReturnType<typeof userEvent.setup>;

function passwordCard() {
  return screen.getByRole('region', { name: 'Change Password' });
}

async function fillPasswords(user: User, values: { current?: string; next?: string; confirm?: string }) {
  const card = passwordCard();
  if (values.current) await user.type(within(card).getByLabelText('Current password'), values.current);
  if (values.next) await user.type(within(card).getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(within(card).getByLabelText('Confirm new password'), values.confirm);
}

async function submitPasswords(user: User) {
  await user.click(within(passwordCard()).getByRole('button', { name: 'Change Password' }));
}

describe('/profile (001 §2)', () => {
  it('says "Access Denied" to a signed-out visitor', async () => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('shows a loading state while the user loads', async () => {
    stubApi({ 'GET /api/user': () => new Promise<Response>(() => undefined) });

    renderRoute('/profile');

    expect(await screen.findByText('Loading your profile...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows e-mail, username and "Free account" to a user without a subscription', async () => {
    await openProfile();

    const card = screen.getByRole('region', { name: 'Account Information' });
    expect(within(card).getByText('erin@example.com')).toBeInTheDocument();
    expect(within(card).getByText('erin')).toBeInTheDocument();
    expect(within(card).getByText('Free account')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument(); // read-only
  });

  it('shows "{tier} subscriber" to a subscriber', async () => {
    await openProfile({}, { ...ERIN, isSubscribed: true, subscriptionTier: 'creator' });

    expect(within(screen.getByRole('region', { name: 'Account Information' })).getByText('creator subscriber')).toBeInTheDocument();
  });
});

describe('Change Password card (001 §4, §5, §8)', () => {
  it('shows each rule on submit, the mismatch on the confirmation field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = await openProfile();

    await submitPasswords(user);

    const card = passwordCard();
    expect(within(card).getByLabelText('Current password')).toHaveAccessibleDescription('Current password is required');
    expect(within(card).getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters. Password must be at least 8 characters',
    );
    expect(within(card).getByLabelText('Confirm new password')).toHaveAccessibleDescription('Please confirm your password');

    await fillPasswords(user, { next: 'longenough', confirm: 'different1' });

    expect(within(card).getByLabelText('Confirm new password')).toHaveAccessibleDescription("Passwords don't match");
    expect(within(card).getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(requests.some((request) => request.url.endsWith('/api/user/change-password'))).toBe(false);
  });

  it('says a short new password is too short', async () => {
    const user = userEvent.setup();
    await openProfile();
    await fillPasswords(user, { current: 'old-secret', next: 'short', confirm: 'short' });

    await submitPasswords(user);

    expect(within(passwordCard()).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(passwordCard()).queryByText("Passwords don't match")).not.toBeInTheDocument();
  });

  it('shows and hides each password', async () => {
    const user = userEvent.setup();
    await openProfile();
    const card = passwordCard();
    const field = within(card).getByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');

    await user.click(within(card).getByRole('button', { name: 'Show new password' }));

    expect(field).toHaveAttribute('type', 'text');
    expect(within(card).getByRole('button', { name: 'Hide new password' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByLabelText('Current password')).toHaveAttribute('type', 'password');
  });

  it('changes the password, says so, and empties the form', async () => {
    const user = userEvent.setup();
    const { requests } = await openProfile({
      'POST /api/user/change-password': () => json({ message: 'Password changed successfully' }),
    });
    await fillPasswords(user, { current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-1' });

    await submitPasswords(user);

    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(
      screen.getByText('Your password has been updated successfully. A security notification has been sent to your email.'),
    ).toBeInTheDocument();
    const card = passwordCard();
    await waitFor(() => expect(within(card).getByLabelText('Current password')).toHaveValue(''));
    expect(within(card).getByLabelText('New password')).toHaveValue('');
    expect(within(card).getByLabelText('Confirm new password')).toHaveValue('');
    const call = requests.find((request) => request.url.endsWith('/api/user/change-password'));
    expect(await call?.json()).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret-1' });
  });

  it.each([
    [
      "the server's message",
      () => json({ message: 'Current password is incorrect', error: 'Current password is incorrect' }, { status: 400 }),
      'Current password is incorrect',
    ],
    ['"Unknown error" for an unreadable body', () => new Response('<html>Bad gateway</html>', { status: 502 }), 'Unknown error'],
    ['the fallback on a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to change password. Please try again.'],
  ])('says "Password Change Failed" with %s, keeping what was typed', async (_case, answer, text) => {
    const user = userEvent.setup();
    await openProfile({ 'POST /api/user/change-password': answer });
    await fillPasswords(user, { current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-1' });

    await submitPasswords(user);

    expect(await screen.findByText('Password Change Failed')).toBeInTheDocument();
    expect(screen.getByText(text, { exact: true })).toBeInTheDocument();
    expect(within(passwordCard()).getByLabelText('Current password')).toHaveValue('old-secret');
  });
});
