import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import { ADMIN, ADMIN_ID, adminUser, calls, listAnswer, openAdmin, toastDescription, toastTitle } from '../admin-test-kit';
import { SEARCH_PLACEHOLDER } from './user-management-tab';

function userRow(email: string) {
  return screen.getByRole('article', { name: email });
}

async function findUserRow(email: string) {
  return screen.findByRole('article', { name: email });
}

function searchParams(request: Request) {
  return new URL(request.url).searchParams;
}

describe('User Management list (001 §2)', () => {
  it("heads the list 'Users (X-Total-Count)' and shows each user's details, badges and buttons", async () => {
    const { requests } = await openAdmin({
      'GET /api/admin/users': () =>
        listAnswer(
          [
            adminUser(1, { subscriptionTier: 'creator', isSubscribed: true }),
            adminUser(2, { isSuspended: true, isVerified: false }),
            { ...adminUser(3), id: ADMIN_ID, email: ADMIN.email, isAdmin: true },
          ],
          120,
        ),
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Users (120)' })).toBeInTheDocument();
    const first = within(userRow('user1@example.com'));
    expect(first.getByText(adminUser(1).id)).toBeInTheDocument();
    expect(first.getByText('user1')).toBeInTheDocument();
    expect(first.getByText('May 1, 2030')).toBeInTheDocument();
    expect(first.getByText('Creator')).toBeInTheDocument();
    expect(first.queryByText('Suspended')).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Suspend' })).toBeEnabled();

    const second = within(userRow('user2@example.com'));
    expect(second.getByText('Suspended')).toBeInTheDocument();
    expect(second.getByText('Unverified')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();

    // The server refuses self-suspension, so the admin's own toggle is off.
    const own = within(userRow(ADMIN.email));
    expect(own.getByText('Admin')).toBeInTheDocument();
    expect(own.getByRole('button', { name: 'Suspend' })).toBeDisabled();
    expect(own.getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription('This is your account.');

    const [call] = calls(requests, 'GET', '/api/admin/users');
    expect(searchParams(call!).get('limit')).toBe('50');
    expect(searchParams(call!).get('offset')).toBe('0');
  });

  it('loads the next page at offset = rows so far while rows are left', async () => {
    const user = userEvent.setup();
    const { requests } = await openAdmin({
      'GET /api/admin/users': (request) =>
        searchParams(request).get('offset') === '2'
          ? listAnswer([adminUser(3)], 3)
          : listAnswer([adminUser(1), adminUser(2)], 3),
    });
    await findUserRow('user1@example.com');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await findUserRow('user3@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/admin/users').map((request) => searchParams(request).get('offset'))).toEqual(['0', '2']);
  });

  it('shows the error state with a retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openAdmin({
      'GET /api/admin/users': () => (fail ? json({ message: 'boom' }, { status: 500 }) : listAnswer([adminUser(1)])),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the users.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findUserRow('user1@example.com')).toBeInTheDocument();
  });
});

describe('User Management search (001 §5: only a non-empty trimmed query)', () => {
  it('never searches for spaces, searches for the trimmed text, and Clear returns to the list', async () => {
    const user = userEvent.setup();
    const { requests } = await openAdmin({
      'GET /api/admin/users': () => listAnswer([adminUser(1), adminUser(2)], 2),
      'GET /api/admin/search-users': () => listAnswer([adminUser(7)], 1),
    });
    await findUserRow('user1@example.com');
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveAttribute('placeholder', SEARCH_PLACEHOLDER);

    // Only spaces, even on Enter: still the plain list.
    await user.type(box, '   {Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Users (2)' })).toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/admin/search-users')).toHaveLength(0);

    await user.type(box, 'bob  {Enter}');

    expect(await findUserRow('user7@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Users (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'user1@example.com' })).not.toBeInTheDocument();
    const searches = calls(requests, 'GET', '/api/admin/search-users');
    expect(searches.length).toBeGreaterThan(0);
    // Every search sent a trimmed, non-empty q; the last one is the whole text.
    for (const search of searches) {
      const q = searchParams(search).get('q') ?? '';
      expect(q).toBe(q.trim());
      expect(q).not.toBe('');
    }
    expect(searchParams(searches.at(-1)!).get('q')).toBe('bob');

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(box).toHaveValue('');
    expect(await findUserRow('user1@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Users (2)' })).toBeInTheDocument();
    expect(box).toHaveFocus();
  });

  it('searches once typing pauses, without Enter', async () => {
    const user = userEvent.setup();
    const { requests } = await openAdmin({
      'GET /api/admin/users': () => listAnswer([adminUser(1)]),
      'GET /api/admin/search-users': () => listAnswer([], 0),
    });
    await findUserRow('user1@example.com');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  pat@example.com ');

    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Users (0)' })).toBeInTheDocument();
    const searches = calls(requests, 'GET', '/api/admin/search-users');
    expect(searchParams(searches.at(-1)!).get('q')).toBe('pat@example.com');
  });
});

describe('suspend / unsuspend (001 §4, §8)', () => {
  it("sends {suspended: true}, shows 'User status updated successfully' and the Suspended badge", async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    let suspended = false;
    const { requests } = await openAdmin({
      'GET /api/admin/users': () => listAnswer([adminUser(1, { isSuspended: suspended })]),
      [`POST /api/admin/users/${adminUser(1).id}/suspend`]: answer.handler,
    });
    await findUserRow('user1@example.com');

    await user.click(within(userRow('user1@example.com')).getByRole('button', { name: 'Suspend' }));

    // Pending: a second click sends nothing.
    const pending = within(userRow('user1@example.com')).getByRole('button', { name: 'Suspending...' });
    expect(pending).toHaveAttribute('aria-busy', 'true');
    await user.click(pending);
    suspended = true;
    answer.release(json(adminUser(1, { isSuspended: true })));

    expect(await toastTitle('User status updated successfully')).toBeInTheDocument();
    const row = within(userRow('user1@example.com'));
    expect(await row.findByText('Suspended')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    const posts = calls(requests, 'POST', `/api/admin/users/${adminUser(1).id}/suspend`);
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({ suspended: true });
    // The list is fetched again after the change.
    await waitFor(() => expect(calls(requests, 'GET', '/api/admin/users').length).toBeGreaterThan(1));
  });

  it('sends {suspended: false} to unsuspend', async () => {
    const user = userEvent.setup();
    const { requests } = await openAdmin({
      'GET /api/admin/users': () => listAnswer([adminUser(2, { isSuspended: true })]),
      [`POST /api/admin/users/${adminUser(2).id}/suspend`]: () => json(adminUser(2, { isSuspended: false })),
    });
    await findUserRow('user2@example.com');

    await user.click(within(userRow('user2@example.com')).getByRole('button', { name: 'Unsuspend' }));

    expect(await toastTitle('User status updated successfully')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `/api/admin/users/${adminUser(2).id}/suspend`);
    expect(await post!.json()).toEqual({ suspended: false });
  });

  it("shows 'Failed to update user status' with the server's message", async () => {
    const user = userEvent.setup();
    await openAdmin({
      'GET /api/admin/users': () => listAnswer([adminUser(1)]),
      [`POST /api/admin/users/${adminUser(1).id}/suspend`]: () =>
        json({ statusCode: 403, code: 'AUTH.ADMIN_ONLY', message: 'You do not have permission to access this page.' }, { status: 403 }),
    });
    await findUserRow('user1@example.com');

    await user.click(within(userRow('user1@example.com')).getByRole('button', { name: 'Suspend' }));

    expect(await toastTitle('Failed to update user status')).toBeInTheDocument();
    expect(await toastDescription('You do not have permission to access this page.')).toBeInTheDocument();
    expect(within(userRow('user1@example.com')).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(userRow('user1@example.com')).queryByText('Suspended')).not.toBeInTheDocument();
  });
});
