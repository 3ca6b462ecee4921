import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { AppProviders, makeStore } from '../../test/app-parts';
import { heldAnswer, json, stubApi, type ApiRoutes } from '../../test/fetch-stub';
import { findToastDescription, findToastTitle, shownToasts } from '../../test/toasts';
import { REPORT_DETAILS_MAX } from '../api/report.api';
import { ReportButton } from './report-button';
import { DETAILS_LIMIT_REACHED, REPORT_HIDDEN, REPORT_NOTE, REPORT_THANKS } from './report-image-dialog';

const ID = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';
const REPORT_PATH = `POST /api/images/${ID}/report`;

const REASONS = [
  'Intimate image shared without consent',
  'Sexual content involving a minor',
  'Harassment or hate',
  'Impersonation or deepfake of me',
  'Copyright',
  'Something else',
];

function filed(reason: string, hiddenPendingReview = false) {
  return json(
    { id: 'r-1', imageId: ID, reason, status: 'open', createdAt: '2026-11-28T12:00:00.000Z', hiddenPendingReview },
    { status: 201 },
  );
}

function failure(status: number, code: string, message: string) {
  return json({ message, error: code, code }, { status });
}

function setUp(routes: ApiRoutes = {}) {
  const stub = stubApi(routes);
  render(
    <AppProviders store={makeStore()}>
      <ReportButton imageId={ID} />
    </AppProviders>,
  );
  return stub;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Report image' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this image' });
  return { user, dialog };
}

function reportCalls(requests: Request[]) {
  return requests.filter((request) => request.method === 'POST' && new URL(request.url).pathname === `/api/images/${ID}/report`);
}

/** D43: "Report this image". */
describe('ReportButton and its dialog', () => {
  it('is a quiet "Report" button named "Report image" that opens the dialog on its first reason', async () => {
    setUp();
    const trigger = screen.getByRole('button', { name: 'Report image' });
    expect(trigger).toHaveTextContent(/^Report$/);

    const { dialog } = await openDialog();
    const group = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'ncii',
      'minor',
      'harassment',
      'impersonation',
      'copyright',
      'other',
    ]);
    for (const label of REASONS) expect(within(group).getByRole('radio', { name: label })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: REASONS[0] })).toHaveFocus();
    expect(within(dialog).getByLabelText('Details (optional)')).toHaveAccessibleDescription('0 of 1000 characters');
    expect(within(dialog).getByText(REPORT_NOTE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
  });

  it('enables Send report once a reason is chosen', async () => {
    setUp();
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: 'Copyright' }));

    expect(within(dialog).getByRole('radio', { name: 'Copyright' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it('counts the details as they are typed and stops at 1000 characters, saying so', async () => {
    setUp();
    const { user, dialog } = await openDialog();
    const details = within(dialog).getByLabelText('Details (optional)');

    await user.type(details, 'It is me');
    expect(within(dialog).getByText('8 of 1000 characters')).toBeInTheDocument();
    expect(details).toHaveAccessibleDescription('8 of 1000 characters');
    expect(within(dialog).getByRole('status')).toHaveTextContent('');

    await user.clear(details);
    await user.click(details);
    await user.paste('x'.repeat(REPORT_DETAILS_MAX + 50));
    expect(details).toHaveValue('x'.repeat(REPORT_DETAILS_MAX));
    expect(details).toHaveAttribute('maxLength', String(REPORT_DETAILS_MAX));
    expect(within(dialog).getByText('1000 of 1000 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(DETAILS_LIMIT_REACHED);

    await user.type(details, 'y');
    expect(details).toHaveValue('x'.repeat(REPORT_DETAILS_MAX));
  });

  it('sends the reason and the trimmed details, says "Sending…" meanwhile, then thanks and closes', async () => {
    const held = heldAnswer();
    const { requests } = setUp({ [REPORT_PATH]: held.handler });
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: 'Impersonation or deepfake of me' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), '  That is my face  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const busy = await within(dialog).findByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // A second click while it is on its way sends nothing more.
    await user.click(busy);
    await waitFor(() => expect(reportCalls(requests)).toHaveLength(1));
    expect(await reportCalls(requests)[0]!.json()).toEqual({ reason: 'impersonation', details: 'That is my face' });

    held.release(filed('impersonation'));

    expect(await findToastTitle(REPORT_THANKS)).toBeInTheDocument();
    expect(shownToasts()).toEqual([{ title: REPORT_THANKS, description: null }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Report image' })).toHaveFocus();
  });

  it('sends no details when none were typed, and says when an urgent report hid the image', async () => {
    const { requests } = setUp({ [REPORT_PATH]: () => filed('ncii', true) });
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: 'Intimate image shared without consent' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await findToastDescription(REPORT_HIDDEN)).toBeInTheDocument();
    expect(shownToasts()).toEqual([{ title: REPORT_THANKS, description: REPORT_HIDDEN }]);
    expect(await reportCalls(requests)[0]!.json()).toEqual({ reason: 'ncii' });
  });

  it.each([
    [409, 'REPORT.ALREADY_REPORTED', 'You have already reported this image. Thank you: it is being reviewed.'],
    [429, 'REPORT.TOO_MANY', 'You can send 10 reports an hour. Please try again later.'],
    [404, 'IMAGE.NOT_FOUND', 'Image not found'],
  ])('shows the server\'s sentence of a %i in the dialog and keeps what was chosen and typed', async (status, code, message) => {
    setUp({ [REPORT_PATH]: () => failure(status, code, message) });
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Mean words');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(within(dialog).getByRole('radio', { name: 'Harassment or hate' })).toBeChecked();
    expect(within(dialog).getByLabelText('Details (optional)')).toHaveValue('Mean words');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
    expect(shownToasts()).toEqual([]);
  });

  it('says so in words when no answer arrived', async () => {
    setUp({ [REPORT_PATH]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Network connection error');
  });

  it('Cancel closes it without sending, and it opens again empty', async () => {
    const { requests } = setUp();
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: 'Copyright' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report image' })).toHaveFocus();
    expect(reportCalls(requests)).toHaveLength(0);

    const again = await openDialog();
    expect(within(again.dialog).getByRole('radio', { name: 'Copyright' })).not.toBeChecked();
    expect(within(again.dialog).getByLabelText('Details (optional)')).toHaveValue('');
  });

  it('closes on Escape', async () => {
    setUp();
    const { user } = await openDialog();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no accessibility faults axe can find (WCAG 2.1 A/AA), with a reason chosen and an error shown', async () => {
    setUp({ [REPORT_PATH]: () => failure(429, 'REPORT.TOO_MANY', 'You can send 10 reports an hour. Please try again later.') });
    const { user, dialog } = await openDialog();
    const options = {
      runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // jsdom draws nothing: contrast is checked by the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    };
    const faults = async () => (await axe.run(document.body, options)).violations.map((violation) => `${violation.id}: ${violation.help}`);

    expect(await faults()).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('alert');

    expect(await faults()).toEqual([]);
  });
});
