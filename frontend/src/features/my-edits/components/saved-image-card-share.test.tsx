import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { calls, listAnswer, openMyEdits, savedImage, toastTitle } from '../my-edits-test-kit';

const UNTOUCHED = 'clipboard before sharing';

async function findCard(id: string) {
  return screen.findByRole('article', { name: new RegExp(`prompt of ${id}`) });
}

/** Issue 15: Share on a My Edits card links to the edit's /share/{id} page. */
describe('sharing from My Edits', () => {
  it('copies the share page link of a public edit at once', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({ 'GET /api/my-edits': () => listAnswer([savedImage('a')]) });
    const card = await findCard('a');
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(within(card).getByRole('button', { name: 'Share' }));

    expect(await toastTitle('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/a`);
    // The card knows the edit is public: no lookup, no question.
    expect(calls(requests, 'GET', '/api/images/a/share')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first for a private edit, and makes it public on yes', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('b', { isPublic: false })]),
      'POST /api/images/b/visibility': () => json({ id: 'b', isPublic: true }),
    });
    const card = await findCard('b');
    await navigator.clipboard.writeText(UNTOUCHED);

    await user.click(within(card).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this edit public?' });
    expect(await navigator.clipboard.readText()).toBe(UNTOUCHED);

    await user.click(within(dialog).getByRole('button', { name: 'Make public and share' }));

    expect(await toastTitle('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/b`);
    expect(calls(requests, 'POST', '/api/images/b/visibility')).toHaveLength(1);
  });
  it('says a hidden edit is hidden (not "make it public"), public or not, and copies nothing (issue 15)', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('h', { isHiddenByAdmin: true }), savedImage('p', { isPublic: false, isHiddenByAdmin: true })]),
    });
    await navigator.clipboard.writeText(UNTOUCHED);

    for (const id of ['h', 'p']) {
      await user.click(within(await findCard(id)).getByRole('button', { name: 'Share' }));
      const dialog = await screen.findByRole('dialog', { name: 'This edit is hidden' });
      expect(within(dialog).queryByRole('button', { name: 'Make public and share' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByText('Close'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(await navigator.clipboard.readText()).toBe(UNTOUCHED);
    expect(calls(requests, 'POST', '/api/images/h/visibility')).toHaveLength(0);
    expect(calls(requests, 'POST', '/api/images/p/visibility')).toHaveLength(0);
  });
});
