import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_IDENTIFIER_KEY } from '../../../shared/lib/user-identifier';
import { REPORT_THANKS } from '../../../shared/ui/report-image-dialog';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { findToastTitle } from '../../../test/toasts';
import { stubWebSocket } from '../../../test/websocket-stub';
import { calls, entry, forgetLaughs, rankedEntry, renderWithStore } from './community-test-kit';
import { LiveCommunityCard } from './live-community-card';
import { RecentCommunityEdits } from './recent-community-edits';

const FIRST = entry(1, { prompt: 'add snow falling', laughCount: 3 });
const SECOND = entry(2, { prompt: 'make it black and white' });

beforeEach(() => {
  forgetLaughs();
  localStorage.setItem(USER_IDENTIFIER_KEY, 'anon_1700000000000_reporter');
});

function filed(imageId: string, reason: string, hiddenPendingReview: boolean) {
  return json({ id: 'r-1', imageId, reason, status: 'open', createdAt: '2026-11-28T12:00:00.000Z', hiddenPendingReview }, { status: 201 });
}

async function report(user: ReturnType<typeof userEvent.setup>, place: HTMLElement, reason: string) {
  await user.click(within(place).getByRole('button', { name: 'Report image' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this image' });
  await user.click(within(dialog).getByRole('radio', { name: reason }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  return dialog;
}

/** D43: "Report" on every community card (feed, Hall of Fame, the landing page's live card). */
describe('Report on the community cards', () => {
  it('each feed card has its own Report, which reports that card\'s image', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/user': signedOut,
      'GET /api/community/recent': () => json([FIRST, SECOND]),
      [`POST /api/images/${SECOND.id}/report`]: () => filed(SECOND.id, 'copyright', false),
    });
    renderWithStore(<RecentCommunityEdits />);

    const first = await screen.findByRole('article', { name: 'add snow falling' });
    const second = screen.getByRole('article', { name: 'make it black and white' });
    expect(within(first).getByRole('button', { name: 'Report image' })).toHaveTextContent('Report');
    expect(within(second).getAllByRole('button', { name: 'Report image' })).toHaveLength(1);

    await report(user, second, 'Copyright');

    expect(await findToastTitle(REPORT_THANKS)).toBeInTheDocument();
    expect(calls(requests, 'POST', `/api/images/${SECOND.id}/report`)).toHaveLength(1);
    expect(calls(requests, 'POST', `/api/images/${FIRST.id}/report`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(second).getByRole('button', { name: 'Report image' })).toHaveFocus();
  });

  it('fetches the feed again when an urgent report hid the image, and not otherwise', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/user': signedOut,
      'GET /api/community/recent': () => json([FIRST, SECOND]),
      [`POST /api/images/${FIRST.id}/report`]: () => filed(FIRST.id, 'harassment', false),
      [`POST /api/images/${SECOND.id}/report`]: () => filed(SECOND.id, 'minor', true),
    });
    renderWithStore(<RecentCommunityEdits />);
    const first = await screen.findByRole('article', { name: 'add snow falling' });
    const feedCalls = () => calls(requests, 'GET', '/api/community/recent').length;
    const before = feedCalls();

    await report(user, first, 'Harassment or hate');
    await findToastTitle(REPORT_THANKS);
    expect(feedCalls()).toBe(before);

    await report(user, screen.getByRole('article', { name: 'make it black and white' }), 'Sexual content involving a minor');
    await waitFor(() => expect(feedCalls()).toBe(before + 1));
  });

  it('every Hall of Fame entry has Report, which opens the dialog', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/user': signedOut,
      'GET /api/community/recent': () => json([]),
      'GET /api/leaderboard': () => json([rankedEntry(1), rankedEntry(2), rankedEntry(3)]),
    } satisfies ApiRoutes);
    renderRoute('/leaderboard');

    const board = await screen.findByRole('list', { name: 'Most laughed-at edits' });
    const entries = within(board).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    for (const item of entries) expect(within(item).getByRole('button', { name: 'Report image' })).toBeInTheDocument();

    await user.click(within(entries[1]!).getByRole('button', { name: 'Report image' }));
    expect(await screen.findByRole('dialog', { name: 'Report this image' })).toBeInTheDocument();
  });

  it('the live card reports the edit it showed when Report was pressed, even after a newer one arrived', async () => {
    const user = userEvent.setup();
    const NEWER = entry(0, { prompt: 'make it a cartoon', timestamp: new Date(Date.UTC(2026, 2, 10, 13)).toISOString() });
    const { latest } = stubWebSocket();
    const { requests } = stubApi({
      'GET /api/user': signedOut,
      'GET /api/community/recent': () => json([FIRST]),
      [`GET /api/images/${FIRST.id}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${FIRST.id}/report`]: () => filed(FIRST.id, 'other', false),
    });
    renderWithStore(<LiveCommunityCard />);
    const card = screen.getByRole('article', { name: 'Latest community edit' });
    await within(card).findByText('“add snow falling”');

    await user.click(within(card).getByRole('button', { name: 'Report image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this image' });
    act(() => latest().open());
    act(() => latest().receive({ type: 'new_community_edit', data: NEWER }));
    expect(within(card).getByText('“make it a cartoon”')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await findToastTitle(REPORT_THANKS)).toBeInTheDocument();
    expect(calls(requests, 'POST', `/api/images/${FIRST.id}/report`)).toHaveLength(1);
    expect(calls(requests, 'POST', `/api/images/${NEWER.id}/report`)).toHaveLength(0);
  });
});
