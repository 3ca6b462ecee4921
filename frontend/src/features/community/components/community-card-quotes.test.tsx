import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_IDENTIFIER_KEY } from '../../../shared/lib/user-identifier';
import { json, signedOut, stubApi } from '../../../test/fetch-stub';
import { stubWebSocket } from '../../../test/websocket-stub';
import { toCommunityEntry } from '../lib/community-entry';
import { CommunityEditCard } from './community-edit-card';
import { entry, renderWithStore } from './community-test-kit';
import { LiveCommunityCard } from './live-community-card';

// Issue 15: the cards put the prompt in quotes; a prompt that has quotes of its own showed them doubled.
describe('a prompt with quotes on the community cards', () => {
  it.each([
    ['"make it snow"', '“make it snow”', 'Original photo for “make it snow”'],
    ['add the caption "Best day ever"', '“add the caption ‘Best day ever’”', 'Original photo for “add the caption ‘Best day ever’”'],
  ])('shows %s with one pair of quotation marks in a feed card', (prompt, shown, originalAlt) => {
    stubApi({ 'GET /api/user': signedOut });
    const shownEntry = toCommunityEntry(entry(1, { prompt }));
    if (!shownEntry) throw new Error('not an entry');

    renderWithStore(<CommunityEditCard entry={shownEntry} imageSizes="320px" />);

    const card = screen.getByRole('article');
    expect(within(card).getByText(shown)).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/["“”]{2}/);
    expect(within(card).getByRole('img', { name: originalAlt })).toBeInTheDocument();
  });

  it('shows it with one pair of quotation marks on the landing page card', async () => {
    localStorage.setItem(USER_IDENTIFIER_KEY, 'anon_1700000000000_visitor');
    stubWebSocket();
    const latest = entry(1, { prompt: '"make it snow"' });
    stubApi({
      'GET /api/user': signedOut,
      'GET /api/community/recent': () => json([latest]),
      [`GET /api/images/${latest.id}/has-laughed`]: () => json({ hasLaughed: false }),
    });

    renderWithStore(<LiveCommunityCard />);

    const card = screen.getByRole('article', { name: 'Latest community edit' });
    expect(await within(card).findByText('“make it snow”')).toBeInTheDocument();
    expect(within(card).queryByText('""make it snow""')).not.toBeInTheDocument();
  });
});
