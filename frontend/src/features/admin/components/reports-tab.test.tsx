import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import type { ApiSchema } from '../../../shared/api/contract';
import { adminUser, calls, listAnswer, openAdmin, queuedReport, reportCase, toastDescription, toastTitle } from '../admin-test-kit';
import { REASON_REQUIRED_MESSAGE } from './report-decision-dialog';
import { IMAGE_GONE_TEXT } from './reports-tab';

type Case = ApiSchema<'ReportCaseResponse'>;

const NOW = Date.parse('2030-05-30T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const REPORTS = '/api/admin/reports';
const NO_OPEN_REPORT = 'There is no open report for this image.';

/** Due in 47 h 12 min (and 30 s), hidden pending review, three reports of two reasons. */
const DUE = reportCase(1, {
  prompt: 'put me on a beach',
  deadline: new Date(NOW + 47 * HOUR + 12 * MINUTE + 30_000).toISOString(),
  hiddenPendingReview: true,
  reports: [
    queuedReport(1, { reason: 'ncii', details: '<b>This is me</b>\nplease remove', reporterUserId: adminUser(7).id }),
    queuedReport(2, { reason: 'harassment' }),
    queuedReport(3, { reason: 'ncii', createdAt: '2030-05-30T11:00:00.000Z' }),
  ],
});
/** Past its deadline by 2 h 5 min although the server's flag (read earlier) still says not; its owner is suspended. */
const LATE = reportCase(2, {
  prompt: 'swap the faces',
  deadline: new Date(NOW - 2 * HOUR - 5 * MINUTE).toISOString(),
  overdue: false,
  ownerSuspended: true,
  reports: [queuedReport(4, { reason: 'impersonation' })],
});
/** Its owner deleted the account. */
const ORPHAN = reportCase(3, {
  prompt: 'a poster with a logo',
  ownerId: null,
  ownerEmail: null,
  reports: [queuedReport(5, { reason: 'copyright' }), queuedReport(6, { reason: 'other', details: 'Mine' })],
});

function openReports(routes: Parameters<typeof openAdmin>[0]) {
  return openAdmin(routes, { path: '/admin?tab=reports' });
}

/** The list answer: the cases still open (a decision takes one out). */
function queue(initial: Case[]) {
  let open = [...initial];
  return {
    handler: () => listAnswer(open),
    remove: (imageId: string) => {
      open = open.filter((item) => item.imageId !== imageId);
    },
    update: (imageId: string, change: Partial<Case>) => {
      open = open.map((item) => (item.imageId === imageId ? { ...item, ...change } : item));
    },
  };
}

/** The card of a case, by its prompt (its heading). */
function caseCard(prompt: string) {
  return within(screen.getByRole('article', { name: prompt }));
}

function dialog(name: string) {
  return within(screen.getByRole('dialog', { name }));
}

const AXE_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // jsdom draws nothing: contrast is checked by the browser tests.
  rules: { 'color-contrast': { enabled: false } },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Reports tab: the queue (D43)', () => {
  it('is reachable through ?tab=reports, after Moderation', async () => {
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([]) });

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.indexOf('Reports')).toBe(tabs.indexOf('Moderation') + 1);
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Reports' })).toBeInTheDocument();
  });

  it('lists the cases in the order given, with the image, owner, reasons, reports, badges and deadline', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const { requests } = await openReports({ [`GET ${REPORTS}`]: () => listAnswer([DUE, LATE, ORPHAN]) });

    const list = await screen.findByRole('list', { name: 'Reported images' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'put me on a beach',
      'swap the faces',
      'a poster with a logo',
    ]);
    const [get] = calls(requests, 'GET', REPORTS);
    expect(Object.fromEntries(new URL(get!.url).searchParams)).toEqual({ limit: '50', offset: '0' });
    expect(screen.getByText(/3 images with open reports\./)).toBeInTheDocument();

    const due = caseCard('put me on a beach');
    const image = due.getByRole('img', { name: 'AI-edited: put me on a beach' });
    expect(image).toHaveAttribute('src', `/api/images/${DUE.imageId}`);
    expect(due.getByText('Due in 47 h 12 min')).toBeInTheDocument();
    expect(due.queryByText('Overdue')).not.toBeInTheDocument();
    expect(due.getByText('Hidden pending review')).toBeInTheDocument();
    expect(due.getByText('Owner', { selector: 'dt' }).nextElementSibling).toHaveTextContent('user1@example.com');
    expect(due.queryByText('Suspended')).not.toBeInTheDocument();
    const reasons = within(due.getByRole('list', { name: 'Reasons' }));
    expect(reasons.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Intimate image shared without consent (2)',
      'Harassment or hate (1)',
    ]);
    const reports = within(due.getByRole('list', { name: 'Reports (3)' })).getAllByRole('listitem');
    expect(reports).toHaveLength(3);
    expect(reports[0]).toHaveTextContent('Intimate image shared without consent');
    expect(reports[0]).toHaveTextContent('Signed-in user');
    expect(reports[1]).toHaveTextContent('Visitor');
    // The reporter's words are text, never markup.
    expect(reports[0]!.querySelector('b')).toBeNull();
    expect(within(reports[0]!).getByText(/<b>This is me<\/b>/)).toBeInTheDocument();
    expect(due.getByRole('button', { name: 'Take down' })).toBeInTheDocument();
    expect(due.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(due.getByRole('button', { name: 'Suspend owner' })).toBeInTheDocument();

    // Overdue by the clock, though the server's flag said not yet; its owner is suspended already.
    const late = caseCard('swap the faces');
    expect(late.getByText('Overdue')).toBeInTheDocument();
    expect(late.getByText('Overdue by 2 h 5 min')).toBeInTheDocument();
    expect(late.getByText('Suspended')).toBeInTheDocument();
    expect(late.getByText('Impersonation or deepfake of me (1)')).toBeInTheDocument();
    expect(late.queryByRole('button', { name: 'Suspend owner' })).not.toBeInTheDocument();

    const orphan = caseCard('a poster with a logo');
    expect(orphan.getByText('Owner', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Deleted account');
    expect(orphan.getByText('Copyright (1)')).toBeInTheDocument();
    expect(orphan.getByText('Something else (1)')).toBeInTheDocument();
    expect(orphan.getByText('Mine')).toBeInTheDocument();
    expect(orphan.queryByRole('button', { name: 'Suspend owner' })).not.toBeInTheDocument();
  });

  it("shows an overdue case as the server says even when the clock is behind the server's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const early = reportCase(4, { deadline: new Date(NOW + 5 * MINUTE).toISOString(), overdue: true });
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([early]) });

    const card = within(await screen.findByRole('article', { name: 'reported edit 4' }));
    expect(card.getByText('Overdue')).toBeInTheDocument();
    expect(card.getByText('Deadline passed')).toBeInTheDocument();
    expect(card.queryByText(/Due in/)).not.toBeInTheDocument();
  });

  it('counts down every minute and turns overdue when the deadline passes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const soon = reportCase(5, { deadline: new Date(NOW + 90_000).toISOString() });
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([soon]) });
    const card = within(await screen.findByRole('article', { name: 'reported edit 5' }));
    expect(card.getByText('Due in 1 min')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(60_000);
    expect(card.getByText('Due in less than 1 min')).toBeInTheDocument();
    expect(card.queryByText('Overdue')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(60_000);
    expect(card.getByText('Overdue')).toBeInTheDocument();
    expect(card.getByText('Overdue by less than 1 min')).toBeInTheDocument();
  });

  it('is fetched again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = await openReports({ [`GET ${REPORTS}`]: () => listAnswer([DUE]) });
    await screen.findByRole('article', { name: DUE.prompt });
    const before = calls(requests, 'GET', REPORTS).length;

    await vi.advanceTimersByTimeAsync(30_000);

    await waitFor(() => expect(calls(requests, 'GET', REPORTS).length).toBeGreaterThan(before));
  });

  it('shows a placeholder when the image is no longer stored', async () => {
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([DUE]) });
    await screen.findByRole('article', { name: DUE.prompt });
    const card = caseCard(DUE.prompt);
    const image = card.getByRole('img', { name: `AI-edited: ${DUE.prompt}` });

    fireEvent.error(image);

    expect(card.getByText(IMAGE_GONE_TEXT)).toBeInTheDocument();
    expect(card.queryByRole('img')).not.toBeInTheDocument();
  });

  it("says 'No open reports.' when the queue is empty", async () => {
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([]) });

    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('shows the error with Retry, which fetches again', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openReports({
      [`GET ${REPORTS}`]: () => (fail ? json({ message: 'Database busy' }, { status: 503 }) : listAnswer([DUE])),
    });

    expect(await screen.findByText('Could not load the reports.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('article', { name: DUE.prompt })).toBeInTheDocument();
    expect(screen.queryByText('Could not load the reports.')).not.toBeInTheDocument();
  });

  it('loads the next page while X-Total-Count says more are left', async () => {
    const user = userEvent.setup();
    const { requests } = await openReports({
      [`GET ${REPORTS}`]: (request) =>
        new URL(request.url).searchParams.get('offset') === '0' ? listAnswer([DUE, LATE], 3) : listAnswer([ORPHAN], 3),
    });
    await screen.findByRole('article', { name: DUE.prompt });

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: ORPHAN.prompt })).toBeInTheDocument();
    const offsets = calls(requests, 'GET', REPORTS).map((request) => new URL(request.url).searchParams.get('offset'));
    expect(offsets).toContain('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('Reports tab: decisions (D43)', () => {
  it('takes an image down after a confirmation with a required reason, busy while it runs, then refreshes', async () => {
    const user = userEvent.setup();
    const list = queue([DUE, LATE]);
    const answer = heldAnswer();
    const path = `/api/admin/reports/${DUE.imageId}/take-down`;
    const { requests } = await openReports({
      [`GET ${REPORTS}`]: list.handler,
      [`POST ${path}`]: (request) => {
        list.remove(DUE.imageId);
        return answer.handler(request);
      },
    });
    await screen.findByRole('article', { name: DUE.prompt });
    const gets = calls(requests, 'GET', REPORTS).length;

    await user.click(caseCard(DUE.prompt).getByRole('button', { name: 'Take down' }));
    const confirm = dialog('Take down this image?');
    expect(confirm.getByRole('textbox', { name: 'Reason' })).toHaveFocus();

    // No reason: nothing is sent.
    await user.click(confirm.getByRole('button', { name: 'Take down' }));
    expect(confirm.getByText(REASON_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(confirm.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(expect.stringContaining(REASON_REQUIRED_MESSAGE));
    expect(calls(requests, 'POST', path)).toHaveLength(0);

    await user.type(confirm.getByRole('textbox', { name: 'Reason' }), '  Confirmed by the person shown  ');
    await user.click(confirm.getByRole('button', { name: 'Take down' }));
    const busy = confirm.getByRole('button', { name: 'Taking down...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // Clicking again while it runs sends nothing more.
    await user.click(busy);
    answer.release(json({ imageId: DUE.imageId, outcome: 'taken_down', imagesRemoved: 3, hashesBlocked: 1 }));

    expect(await toastTitle('Image taken down: 3 images removed.')).toBeInTheDocument();
    expect(await toastDescription('1 hash blocked.')).toBeInTheDocument();
    const posts = calls(requests, 'POST', path);
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({ reason: 'Confirmed by the person shown' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: DUE.prompt })).not.toBeInTheDocument());
    expect(calls(requests, 'GET', REPORTS).length).toBeGreaterThan(gets);
    expect(screen.getByRole('heading', { level: 2, name: 'Reports' })).toHaveFocus();
  });

  it("dismisses the reports: 'Reports dismissed.', and says when the image is visible again", async () => {
    const user = userEvent.setup();
    const list = queue([DUE, LATE]);
    const { requests } = await openReports({
      [`GET ${REPORTS}`]: list.handler,
      [`POST /api/admin/reports/${DUE.imageId}/dismiss`]: () => {
        list.remove(DUE.imageId);
        return json({ imageId: DUE.imageId, outcome: 'dismissed', restored: true });
      },
      [`POST /api/admin/reports/${LATE.imageId}/dismiss`]: () => {
        list.remove(LATE.imageId);
        return json({ imageId: LATE.imageId, outcome: 'dismissed', restored: false });
      },
    });
    await screen.findByRole('article', { name: DUE.prompt });

    await user.click(caseCard(DUE.prompt).getByRole('button', { name: 'Dismiss' }));
    await user.type(dialog('Dismiss these reports?').getByRole('textbox', { name: 'Reason' }), 'Not the person in the photo');
    await user.click(dialog('Dismiss these reports?').getByRole('button', { name: 'Dismiss' }));
    expect(await toastTitle('Reports dismissed. The image is visible again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: DUE.prompt })).not.toBeInTheDocument());

    await user.click(caseCard(LATE.prompt).getByRole('button', { name: 'Dismiss' }));
    await user.type(dialog('Dismiss these reports?').getByRole('textbox', { name: 'Reason' }), 'Parody');
    await user.click(dialog('Dismiss these reports?').getByRole('button', { name: 'Dismiss' }));
    expect(await toastTitle('Reports dismissed.')).toBeInTheDocument();

    const [first] = calls(requests, 'POST', `/api/admin/reports/${DUE.imageId}/dismiss`);
    expect(await first!.json()).toEqual({ reason: 'Not the person in the photo' });
    const [second] = calls(requests, 'POST', `/api/admin/reports/${LATE.imageId}/dismiss`);
    expect(await second!.json()).toEqual({ reason: 'Parody' });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it("suspends the owner through the Users tab's suspend call, with the reason, then refreshes", async () => {
    const user = userEvent.setup();
    const list = queue([DUE]);
    const owner = adminUser(1);
    const path = `/api/admin/users/${owner.id}/suspend`;
    const { requests } = await openReports({
      [`GET ${REPORTS}`]: list.handler,
      [`POST ${path}`]: () => {
        list.update(DUE.imageId, { ownerSuspended: true });
        return json({ ...owner, isSuspended: true });
      },
    });
    await screen.findByRole('article', { name: DUE.prompt });

    await user.click(caseCard(DUE.prompt).getByRole('button', { name: 'Suspend owner' }));
    const confirm = dialog('Suspend the owner?');
    expect(screen.getByRole('dialog', { name: 'Suspend the owner?' })).toHaveAccessibleDescription(
      'user1@example.com is suspended until an admin unsuspends the account in User Management.',
    );
    await user.type(confirm.getByRole('textbox', { name: 'Reason' }), 'Posted intimate images of others');
    await user.click(confirm.getByRole('button', { name: 'Suspend owner' }));

    expect(await toastTitle('User status updated successfully')).toBeInTheDocument();
    expect(await toastDescription('user1@example.com is now suspended.')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', path);
    expect(await post!.json()).toEqual({ suspended: true, reason: 'Posted intimate images of others' });
    expect(await caseCard(DUE.prompt).findByText('Suspended')).toBeInTheDocument();
    expect(caseCard(DUE.prompt).queryByRole('button', { name: 'Suspend owner' })).not.toBeInTheDocument();
    // The case stays: suspending the owner decides nothing about the image.
    expect(caseCard(DUE.prompt).getByRole('button', { name: 'Take down' })).toHaveFocus();
  });

  it("toasts the server's message on a 404 (decided by another admin), closes the dialog and refreshes", async () => {
    const user = userEvent.setup();
    const list = queue([DUE, LATE]);
    const { requests } = await openReports({
      [`GET ${REPORTS}`]: list.handler,
      [`POST /api/admin/reports/${DUE.imageId}/take-down`]: () => {
        list.remove(DUE.imageId);
        return json({ message: NO_OPEN_REPORT, error: 'Not Found', code: 'REPORT.NOT_FOUND' }, { status: 404 });
      },
    });
    await screen.findByRole('article', { name: DUE.prompt });
    const gets = calls(requests, 'GET', REPORTS).length;

    await user.click(caseCard(DUE.prompt).getByRole('button', { name: 'Take down' }));
    await user.type(dialog('Take down this image?').getByRole('textbox', { name: 'Reason' }), 'NCII');
    await user.click(dialog('Take down this image?').getByRole('button', { name: 'Take down' }));

    expect(await toastTitle('Failed to take down the image')).toBeInTheDocument();
    expect(await toastDescription(NO_OPEN_REPORT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: DUE.prompt })).not.toBeInTheDocument());
    expect(calls(requests, 'GET', REPORTS).length).toBeGreaterThan(gets);
    expect(screen.getByRole('article', { name: LATE.prompt })).toBeInTheDocument();
  });

  it('keeps the dialog and its reason open after another failure, to try again', async () => {
    const user = userEvent.setup();
    await openReports({
      [`GET ${REPORTS}`]: () => listAnswer([DUE]),
      [`POST /api/admin/reports/${DUE.imageId}/dismiss`]: () => json({ message: 'Database busy' }, { status: 503 }),
    });
    await screen.findByRole('article', { name: DUE.prompt });

    await user.click(caseCard(DUE.prompt).getByRole('button', { name: 'Dismiss' }));
    await user.type(dialog('Dismiss these reports?').getByRole('textbox', { name: 'Reason' }), 'Parody');
    await user.click(dialog('Dismiss these reports?').getByRole('button', { name: 'Dismiss' }));

    expect(await toastTitle('Failed to dismiss the reports')).toBeInTheDocument();
    expect(await toastDescription('Database busy')).toBeInTheDocument();
    expect(dialog('Dismiss these reports?').getByRole('textbox', { name: 'Reason' })).toHaveValue('Parody');
  });

  it('sends nothing when the dialog is cancelled, and starts with an empty reason the next time', async () => {
    const user = userEvent.setup();
    const { requests } = await openReports({ [`GET ${REPORTS}`]: () => listAnswer([DUE]) });
    await screen.findByRole('article', { name: DUE.prompt });
    const takeDown = caseCard(DUE.prompt).getByRole('button', { name: 'Take down' });

    await user.click(takeDown);
    await user.type(dialog('Take down this image?').getByRole('textbox', { name: 'Reason' }), 'Unsure');
    await user.click(dialog('Take down this image?').getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(takeDown).toHaveFocus();

    await user.click(takeDown);
    expect(dialog('Take down this image?').getByRole('textbox', { name: 'Reason' })).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('Reports tab: accessibility', () => {
  it('has no accessibility faults axe can find in the list (WCAG 2.1 A/AA)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([DUE, LATE, ORPHAN], 5) });
    await screen.findByRole('article', { name: DUE.prompt });

    const result = await axe.run(screen.getByRole('region', { name: 'Reports' }), AXE_OPTIONS);
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('has none in the confirm dialog, with its error shown', async () => {
    const user = userEvent.setup();
    await openReports({ [`GET ${REPORTS}`]: () => listAnswer([DUE]) });
    await screen.findByRole('article', { name: DUE.prompt });
    await user.click(caseCard(DUE.prompt).getByRole('button', { name: 'Take down' }));
    await user.click(dialog('Take down this image?').getByRole('button', { name: 'Take down' }));
    expect(await screen.findByText(REASON_REQUIRED_MESSAGE)).toBeInTheDocument();

    const result = await axe.run(screen.getByRole('dialog', { name: 'Take down this image?' }), AXE_OPTIONS);
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
