import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import { TOAST_TITLE } from '../../../test/toasts';
import {
  adminUser,
  calls,
  listAnswer,
  openAdmin,
  toastDescription,
  toastTitle,
  transaction,
  userStats,
} from '../admin-test-kit';
import { AMOUNT_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '../lib/adjust-credits';

const USER = adminUser(1);
const BASE = `/api/admin/users/${USER.id}`;

type User = ReturnType<typeof userEvent.setup>;

async function openDetails(routes: Parameters<typeof openAdmin>[0] = {}) {
  const user = userEvent.setup();
  const opened = await openAdmin({
    'GET /api/admin/users': () => listAnswer([USER]),
    [`GET ${BASE}/stats`]: () => json(userStats()),
    [`GET ${BASE}/credits`]: () => listAnswer([transaction(1, { credits: 7 }), transaction(2, { credits: -1, sourceType: 'generation' })]),
    ...routes,
  });
  const row = await screen.findByRole('article', { name: USER.email });
  await user.click(within(row).getByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  return { ...opened, user, dialog: within(dialog) };
}

async function fill(user: User, dialog: ReturnType<typeof within>, { kind, amount, reason, notes }: Record<string, string>) {
  if (kind) await user.selectOptions(dialog.getByRole('combobox', { name: 'Credit type' }), kind);
  if (amount) await user.type(dialog.getByRole('spinbutton', { name: 'Amount' }), amount);
  if (reason) await user.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), reason);
  if (notes) await user.type(dialog.getByLabelText('Notes (optional)'), notes);
}

function requiredToasts() {
  return screen.queryAllByText(REQUIRED_FIELDS_MESSAGE, { selector: TOAST_TITLE });
}

describe('View Details (001 §2)', () => {
  it('shows User Info, Stats and the scrollable Credit History', async () => {
    const { dialog } = await openDetails();

    expect(dialog.getByRole('heading', { level: 3, name: 'User Info' })).toBeInTheDocument();
    expect(dialog.getByText(USER.id)).toBeInTheDocument();
    expect(dialog.getByText('Active')).toBeInTheDocument();
    expect(await dialog.findByText('12')).toBeInTheDocument(); // current balance
    expect(dialog.getByText('10 regular · 2 watermarked')).toBeInTheDocument();
    expect(dialog.getByText('15')).toBeInTheDocument(); // purchased
    expect(dialog.getByText('3')).toBeInTheDocument(); // used
    const history = await dialog.findByRole('region', { name: 'Credit History' });
    expect(history).toHaveAttribute('tabindex', '0');
    expect(within(history).getByText('+7')).toHaveStyle({ color: 'var(--color-success)' });
    expect(within(history).getByText('-1')).toHaveStyle({ color: 'var(--color-destructive)' });
    expect(within(history).getByText('Generation')).toBeInTheDocument();
  });
});

describe('Adjust Credits (001 §4, §5, §8; D32)', () => {
  it("refuses an empty amount or reason with 'Please fill in all required fields' and sends nothing", async () => {
    const { user, dialog, requests } = await openDetails();

    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    expect(await toastTitle(REQUIRED_FIELDS_MESSAGE)).toBeInTheDocument();

    // An amount without a reason is still incomplete.
    await fill(user, dialog, { amount: '5' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true'));
    // The same toast again replaces the one on screen instead of stacking a copy.
    expect(requiredToasts()).toHaveLength(1);

    // A reason without an amount too.
    await user.clear(dialog.getByRole('spinbutton', { name: 'Amount' }));
    await fill(user, dialog, { reason: 'gift' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    await waitFor(() => expect(dialog.getByRole('spinbutton', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true'));
    expect(requiredToasts()).toHaveLength(1);

    expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(0);
    expect(calls(requests, 'POST', `${BASE}/adjust-watermarked-credits`)).toHaveLength(0);
  });

  it('explains an amount that is not a whole number other than 0, without a request', async () => {
    const { user, dialog, requests } = await openDetails();

    await fill(user, dialog, { amount: '1.5', reason: 'refund' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    expect(await dialog.findByText(AMOUNT_MESSAGE)).toBeInTheDocument();

    await user.clear(dialog.getByRole('spinbutton', { name: 'Amount' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Amount' }), '0');
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    expect(await dialog.findByText(AMOUNT_MESSAGE)).toBeInTheDocument();

    expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(0);
  });

  it('POSTs {credits, reason, notes} with an Idempotency-Key, toasts, clears the form and refetches the stats and history', async () => {
    let balance = 12;
    const { user, dialog, requests } = await openDetails({
      [`GET ${BASE}/stats`]: () => json(userStats({ balance, regular: balance - 2 })),
      [`POST ${BASE}/adjust-credits`]: () => {
        balance = 17;
        return json({ transactionId: 't1', applied: true, balance: userStats({ balance: 17, regular: 15 }) });
      },
    });
    expect(await dialog.findByText('12')).toBeInTheDocument();
    const statsBefore = calls(requests, 'GET', `${BASE}/stats`).length;
    const historyBefore = calls(requests, 'GET', `${BASE}/credits`).length;

    await fill(user, dialog, { amount: '5', reason: 'gift', notes: '  Sorry for the outage  ' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));

    expect(await toastTitle('Regular credits adjusted successfully')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `${BASE}/adjust-credits`);
    expect(await post!.json()).toEqual({ credits: 5, reason: 'gift', notes: 'Sorry for the outage' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_:.-]{1,100}$/);
    expect(post!.headers.get('content-type')).toContain('application/json');

    // The form is cleared.
    await waitFor(() => expect(dialog.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(null));
    expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveValue('');
    expect(dialog.getByLabelText('Notes (optional)')).toHaveValue('');
    // Stats and history are fetched again (001 §4).
    expect(await dialog.findByText('17')).toBeInTheDocument();
    expect(calls(requests, 'GET', `${BASE}/stats`).length).toBeGreaterThan(statsBefore);
    await waitFor(() => expect(calls(requests, 'GET', `${BASE}/credits`).length).toBeGreaterThan(historyBefore));
  });

  it('sends a negative watermarked adjustment to its own path with its own toast', async () => {
    const { user, dialog, requests } = await openDetails({
      [`POST ${BASE}/adjust-watermarked-credits`]: () =>
        json({ transactionId: 't2', applied: true, balance: userStats({ watermarked: 0 }) }),
    });

    await fill(user, dialog, { kind: 'watermarked', amount: '-2', reason: 'correction' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));

    expect(await toastTitle('Watermarked credits adjusted successfully')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `${BASE}/adjust-watermarked-credits`);
    expect(await post!.json()).toEqual({ credits: -2, reason: 'correction' });
    expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(0);
  });

  it("shows the server's refusal (below zero) in the destructive toast and keeps the values", async () => {
    const { user, dialog } = await openDetails({
      [`POST ${BASE}/adjust-credits`]: () =>
        json({ statusCode: 409, code: 'ADMIN.BELOW_ZERO', message: 'This would take the balance below 0' }, { status: 409 }),
    });

    await fill(user, dialog, { amount: '-100', reason: 'penalty' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));

    expect(await toastTitle('Failed to adjust regular credits')).toBeInTheDocument();
    expect(await toastDescription('This would take the balance below 0')).toBeInTheDocument();
    expect(dialog.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(-100);
  });

  it('sends once while pending, and retries an unanswered submission with the same key', async () => {
    const first = heldAnswer();
    let attempt = 0;
    const { user, dialog, requests } = await openDetails({
      [`POST ${BASE}/adjust-credits`]: (request) => {
        attempt += 1;
        return attempt === 1 ? first.handler(request) : json({ transactionId: 't1', applied: false, balance: userStats() });
      },
    });

    await fill(user, dialog, { amount: '5', reason: 'gift' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    const pending = await dialog.findByRole('button', { name: 'Adjusting...' });
    await user.click(pending);
    expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(1);

    first.release(json({ message: 'Service Unavailable' }, { status: 503 }));
    expect(await toastTitle('Failed to adjust regular credits')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    expect(await toastTitle('Regular credits adjusted successfully')).toBeInTheDocument();

    const posts = calls(requests, 'POST', `${BASE}/adjust-credits`);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(posts[0]!.headers.get('Idempotency-Key'));

    // A new submission after the success gets a new key.
    await fill(user, dialog, { amount: '5', reason: 'gift' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    await waitFor(() => expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(3));
    const third = calls(requests, 'POST', `${BASE}/adjust-credits`)[2]!;
    expect(third.headers.get('Idempotency-Key')).not.toBe(posts[0]!.headers.get('Idempotency-Key'));
  });
});

describe('Adjust Credits clicked twice (issue 24)', () => {
  it('a double click while the request runs sends once and shows only the success', async () => {
    const answer = heldAnswer();
    const { user, dialog, requests } = await openDetails({ [`POST ${BASE}/adjust-credits`]: answer.handler });
    await fill(user, dialog, { amount: '5', reason: 'gift' });

    await user.dblClick(dialog.getByRole('button', { name: 'Adjust Credits' }));
    // Disabled while pending, for assistive technology too.
    expect(dialog.getByRole('button', { name: 'Adjusting...' })).toHaveAttribute('aria-disabled', 'true');
    answer.release(json({ transactionId: 't1', applied: true, balance: userStats({ balance: 17, regular: 15 }) }));

    expect(await toastTitle('Regular credits adjusted successfully')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(null));
    expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(1);
    expect(requiredToasts()).toHaveLength(0);
  });

  it('a click on the form a success has just cleared is not validated; the next adjustment is', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { user, dialog, requests } = await openDetails({
      [`POST ${BASE}/adjust-credits`]: () => json({ transactionId: 't1', applied: true, balance: userStats() }),
    });
    await fill(user, dialog, { amount: '5', reason: 'gift' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    expect(await toastTitle('Regular credits adjusted successfully')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(null));

    // The late second click of a double click lands on the cleared form.
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    expect(dialog.getByRole('spinbutton', { name: 'Amount' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('combobox', { name: 'Reason' })).not.toHaveAttribute('aria-invalid', 'true');

    // Once something is typed the form is checked again: an amount alone is incomplete...
    await fill(user, dialog, { amount: '3' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true'));
    // ...and that is the only time the form has said so (sonner would replace a first copy).
    expect(toastError.mock.calls.filter(([title]) => title === REQUIRED_FIELDS_MESSAGE)).toHaveLength(1);
    await fill(user, dialog, { reason: 'refund' });
    await user.click(dialog.getByRole('button', { name: 'Adjust Credits' }));
    await waitFor(() => expect(calls(requests, 'POST', `${BASE}/adjust-credits`)).toHaveLength(2));
  });
});
