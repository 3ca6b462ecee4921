import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserApi } from '../../../shared/api/current-user.api';
import { json, type ApiRoutes } from '../../../test/fetch-stub';
import { ERIN, openProfile as openErinsProfile } from '../profile-test-kit';
import { typedEmailMatches } from './delete-account-dialog';

/** Mixed case, so that the typed confirmation is matched without regard to case (D35). */
const ERIN_MIXED_CASE = { ...ERIN, email: 'Erin@Example.com' };

type User = ReturnType<typeof userEvent.setup>;

function openProfile(routes: ApiRoutes = {}) {
  return openErinsProfile(routes, ERIN_MIXED_CASE);
}

const card = () => screen.getByRole('region', { name: 'Your data' });
const calls = (requests: Request[], path: string) => requests.filter((request) => new URL(request.url).pathname === path);

async function toast(text: string) {
  const toaster = await screen.findByRole('region', { name: /Notifications/ });
  return within(toaster).findByText(text, { exact: true });
}

function stubSaving() {
  const saved: { name: string; href: string }[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

const ZIP = () =>
  new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="magic-editor-data-2026-11-24.zip"',
      'Cache-Control': 'no-store',
    },
  });

describe('"Download my data" (D35)', () => {
  it('fetches the zip with the session cookie and saves it under the server\'s name', async () => {
    const user = userEvent.setup();
    const saved = stubSaving();
    const { requests } = await openProfile({ 'GET /api/user/export': ZIP });

    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));

    expect(await toast('Download started')).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'magic-editor-data-2026-11-24.zip', href: 'blob:export' }]);
    const call = calls(requests, '/api/user/export')[0];
    expect(call?.credentials).toBe('include');
  });

  it('shows a spinner and "Preparing your data..." while the zip is made, one request at a time', async () => {
    let finish: (response: Response) => void = () => undefined;
    const user = userEvent.setup();
    stubSaving();
    const { requests } = await openProfile({
      'GET /api/user/export': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });

    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));

    const busy = await within(card()).findByRole('button', { name: 'Preparing your data...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(calls(requests, '/api/user/export')).toHaveLength(1);
    finish(ZIP());
    expect(await within(card()).findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });

  it("says the server's sentence beyond 3 downloads an hour (429)", async () => {
    const user = userEvent.setup();
    const saved = stubSaving();
    const limit = 'You can download your data 3 times an hour. Please try again in 42 minutes.';
    await openProfile({
      'GET /api/user/export': () => json({ message: limit, error: 'Too Many Requests', code: 'PRIVACY.TOO_MANY_EXPORTS' }, { status: 429 }),
    });

    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));

    expect(await toast(limit)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says it could not prepare the data on any other failure', async () => {
    const user = userEvent.setup();
    const saved = stubSaving();
    await openProfile({ 'GET /api/user/export': () => new Response('', { status: 500 }) });

    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));

    expect(await toast('Could not prepare your data. Please try again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('"Delete my account" (D35)', () => {
  async function openDialog(user: User, routes: ApiRoutes = {}) {
    const view = await openProfile(routes);
    await user.click(within(card()).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account' });
    return { ...view, dialog };
  }

  it('lists what will be deleted and what is kept', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);

    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringContaining('cancels your subscription at once, with no refund for the rest of the billing period'),
      expect.stringContaining('deletes all of your images, including those you shared in the community feed'),
      expect.stringContaining('deletes your laughs'),
      expect.stringContaining('signs you out everywhere and deletes your personal data'),
    ]);
    expect(within(dialog).getByText(/Records of your purchases and credits are kept for accounting, without your name/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Type your e-mail to confirm')).toHaveFocus();
  });

  it('enables Delete only once the account e-mail is typed (case and spaces aside)', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);
    const field = within(dialog).getByLabelText('Type your e-mail to confirm');
    const remove = within(dialog).getByRole('button', { name: 'Delete My Account' });
    expect(remove).toBeDisabled();

    await user.type(field, 'erin@example.co');
    expect(remove).toBeDisabled();

    await user.type(field, 'm ');
    expect(remove).toBeEnabled();

    await user.clear(field);
    await user.type(field, 'someone@example.com');
    expect(remove).toBeDisabled();
  });

  it('compares the typed e-mail without case and surrounding spaces', () => {
    expect(typedEmailMatches('  ERIN@example.COM ', 'Erin@Example.com')).toBe(true);
    expect(typedEmailMatches('', '')).toBe(false);
    expect(typedEmailMatches('erin@example.org', 'Erin@Example.com')).toBe(false);
  });

  it('deletes the account, goes home signed out and says so', async () => {
    const user = userEvent.setup();
    const { dialog, requests, router, store } = await openDialog(user, {
      'POST /api/user/delete-account': () => json({ message: 'Account deleted' }),
    });
    await user.type(within(dialog).getByLabelText('Type your e-mail to confirm'), 'erin@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));

    expect(await toast('Account deleted')).toBeInTheDocument();
    expect(screen.getByText('Your account and data have been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull());
    expect(await calls(requests, '/api/user/delete-account')[0]?.json()).toEqual({ confirmEmail: 'erin@example.com' });
    // The profile never said "Access Denied" on the way out.
    expect(screen.queryByRole('heading', { level: 1, name: 'Access Denied' })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the deletion fails", async () => {
    const user = userEvent.setup();
    const { dialog, router, store } = await openDialog(user, {
      'POST /api/user/delete-account': () =>
        json(
          {
            message: 'The email you typed does not match your account.',
            error: 'The email you typed does not match your account.',
            code: 'PRIVACY.CONFIRM_EMAIL_MISMATCH',
          },
          { status: 400 },
        ),
    });
    await user.type(within(dialog).getByLabelText('Type your e-mail to confirm'), 'erin@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The email you typed does not match your account.');
    expect(router.state.location.pathname).toBe('/profile');
    expect(currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data?.email).toBe('Erin@Example.com');
  });

  it('closes with Keep My Account and forgets what was typed', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Type your e-mail to confirm'), 'erin@');

    await user.click(within(dialog).getByRole('button', { name: 'Keep My Account' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Delete my account' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Type your e-mail to confirm')).toHaveValue('');
  });
});
