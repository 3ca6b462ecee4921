import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { findToastTitle } from '../../../test/toasts';
import { GENERATED, SHARED_PUBLIC, calls, goToResults, openEditor } from '../pages/editor-test-kit';

const SHARE_LINK = `${window.location.origin}/share/img-1`;

/** The clipboard keeps what an earlier test copied: each test starts it with this text. */
const UNTOUCHED = 'clipboard before sharing';

function shareAnswer(visibility: 'public' | 'private' | 'hidden') {
  return () => json({ ...SHARED_PUBLIC, visibility });
}

/**
 * Issue 15: Share on the result step links to /share/{id}. A private edit (Share to community was
 * off) would open for its owner only, so the owner is asked first.
 */
describe('sharing a result', () => {
  it('asks to make a private edit public; yes makes it public, then copies the share link', async () => {
    const user = userEvent.setup();
    let visibilityBody: unknown = null;
    const { requests } = await openEditor({
      'POST /api/generate': () => json(GENERATED),
      'GET /api/images/img-1/share': shareAnswer('private'),
      'POST /api/images/img-1/visibility': async (request) => {
        visibilityBody = await request.json();
        return json({ id: 'img-1', isPublic: true });
      },
    });
    await goToResults(user);
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make this edit public?' });
    expect(dialog).toHaveAccessibleDescription(/only you can open its link/);
    // Nothing is copied or changed before the owner answers.
    expect(calls(requests, 'POST', '/api/images/img-1/visibility')).toHaveLength(0);
    expect(await navigator.clipboard.readText()).toBe(UNTOUCHED);

    await user.click(within(dialog).getByRole('button', { name: 'Make public and share' }));

    expect(await findToastTitle('Link copied to clipboard')).toBeInTheDocument();
    expect(visibilityBody).toEqual({ isPublic: true });
    expect(await navigator.clipboard.readText()).toBe(SHARE_LINK);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeping it private explains that only the owner can open the link, and still lets them copy it', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED), 'GET /api/images/img-1/share': shareAnswer('private') });
    await goToResults(user);
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep private' }));

    const explained = screen.getByRole('dialog', { name: 'Only you can open this link' });
    expect(explained).toHaveAccessibleDescription(/Anyone else who opens the link is told that the edit is not available/);
    await user.click(within(explained).getByRole('button', { name: 'Copy link anyway' }));

    expect(await findToastTitle('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHARE_LINK);
    expect(calls(requests, 'POST', '/api/images/img-1/visibility')).toHaveLength(0);
  });

  it('closing the dialog copies nothing', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json(GENERATED), 'GET /api/images/img-1/share': shareAnswer('private') });
    await goToResults(user);
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Make this edit public?' });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(UNTOUCHED);
    expect(screen.queryByText('Link copied to clipboard')).not.toBeInTheDocument();
  });

  it('keeps the dialog and says so when making the edit public fails; nothing is copied', async () => {
    const user = userEvent.setup();
    await openEditor({
      'POST /api/generate': () => json(GENERATED),
      'GET /api/images/img-1/share': shareAnswer('private'),
      'POST /api/images/img-1/visibility': () => json({ message: 'Database unavailable', error: 'Service Unavailable' }, { status: 503 }),
    });
    await goToResults(user);
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make public and share' }));

    expect(await findToastTitle('Could not make the edit public')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Make this edit public?' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(UNTOUCHED);
  });

  it('tells the owner of an edit a moderator hid that only they can open it, without offering to publish it', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json(GENERATED), 'GET /api/images/img-1/share': shareAnswer('hidden') });
    await goToResults(user);
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'This edit is hidden' });
    expect(within(dialog).queryByRole('button', { name: 'Make public and share' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link anyway' }));
    expect(await navigator.clipboard.readText()).toBe(SHARE_LINK);
  });

  it('says so, and copies nothing, when the edit cannot be looked up', async () => {
    const user = userEvent.setup();
    await openEditor({
      'POST /api/generate': () => json(GENERATED),
      'GET /api/images/img-1/share': () => json({ message: 'Internal server error', error: 'Internal Server Error' }, { status: 500 }),
    });
    await goToResults(user);
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await findToastTitle('Could not share the link')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(UNTOUCHED);
  });
});
