import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiSchema } from '../../../shared/api/contract';
import { json } from '../../../test/fetch-stub';
import { openProfile } from '../profile-test-kit';
import { YOUR_REPORTS_EMPTY, YOUR_REPORTS_ERROR } from './your-reports-card';

type ReportAnswer = ApiSchema<'MyReportResponse'>;

function report(n: number, overrides: Partial<ReportAnswer> = {}): ReportAnswer {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    imageId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    reason: 'other',
    createdAt: '2026-11-20T12:00:00.000Z',
    status: 'open',
    decidedAt: null,
    ...overrides,
  };
}

function card() {
  return screen.getByRole('region', { name: 'Your reports' });
}

/** Each row as "reason | outcome | dates". */
function rows(): string[] {
  return within(within(card()).getByRole('list', { name: 'Your reports' }))
    .getAllByRole('listitem')
    .map((item) => {
      const [main, meta] = Array.from(item.children);
      const [reason, outcome] = Array.from(main!.children);
      return `${reason!.textContent} | ${outcome!.textContent} | ${Array.from(meta!.children).map((part) => part.textContent).join(', ')}`;
    });
}

/** D43: the profile's "Your reports". */
describe('"Your reports" on /profile', () => {
  it('lists each report with its reason, date and outcome, in the order the server sends them', async () => {
    await openProfile({
      'GET /api/reports': () =>
        json([
          report(1, { reason: 'ncii', createdAt: '2026-11-27T12:00:00.000Z' }),
          report(2, { reason: 'impersonation', status: 'taken_down', createdAt: '2026-11-10T12:00:00.000Z', decidedAt: '2026-11-11T12:00:00.000Z' }),
          report(3, { reason: 'copyright', status: 'dismissed', createdAt: '2026-10-02T12:00:00.000Z', decidedAt: '2026-10-03T12:00:00.000Z' }),
        ]),
    });

    await waitFor(() => expect(within(card()).queryByRole('status')).not.toBeInTheDocument());
    expect(rows()).toEqual([
      'Intimate image shared without consent | Under review | Reported November 27, 2026',
      'Impersonation or deepfake of me | Removed | Reported November 10, 2026, Decided November 11, 2026',
      'Copyright | Reviewed, no action taken | Reported October 2, 2026, Decided October 3, 2026',
    ]);
    expect(within(card()).getByText('November 27, 2026')).toHaveAttribute('dateTime', '2026-11-27T12:00:00.000Z');
  });

  it('names every reason as the dialog does', async () => {
    const reasons = ['ncii', 'minor', 'harassment', 'impersonation', 'copyright', 'other'] as const;
    await openProfile({ 'GET /api/reports': () => json(reasons.map((reason, index) => report(index, { reason }))) });

    await waitFor(() => expect(within(card()).queryByRole('status')).not.toBeInTheDocument());
    expect(rows().map((row) => row.split(' | ')[0])).toEqual([
      'Intimate image shared without consent',
      'Sexual content involving a minor',
      'Harassment or hate',
      'Impersonation or deepfake of me',
      'Copyright',
      'Something else',
    ]);
  });

  it('sits between Change Password and Your data', async () => {
    await openProfile();

    const names = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .map((id) => (id ? document.getElementById(id)?.textContent : null))
      .filter((name) => name === 'Change Password' || name === 'Your reports' || name === 'Your data');
    expect(names).toEqual(['Change Password', 'Your reports', 'Your data']);
  });

  it('says so when there are none', async () => {
    await openProfile({ 'GET /api/reports': () => json([]) });

    expect(await within(card()).findByText(YOUR_REPORTS_EMPTY)).toBeInTheDocument();
    expect(within(card()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with Try again that asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await openProfile({
      'GET /api/reports': async () => {
        await held;
        return fail ? json({ message: 'Database busy', error: 'Service Unavailable', code: 'DATABASE.BUSY' }, { status: 503 }) : json([report(1)]);
      },
    });

    expect(within(card()).getByRole('status')).toHaveTextContent('Loading your reports...');
    release();

    expect(await within(card()).findByRole('alert')).toHaveTextContent(YOUR_REPORTS_ERROR);
    fail = false;
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(rows()).toEqual(['Something else | Under review | Reported November 20, 2026']));
  });

  it('leaves out an entry it cannot read and shows the rest', async () => {
    await openProfile({ 'GET /api/reports': () => json([{ ...report(1), status: 'escalated' }, report(2, { reason: 'minor' })]) });

    await waitFor(() => expect(rows()).toEqual(['Sexual content involving a minor | Under review | Reported November 20, 2026']));
  });
});
