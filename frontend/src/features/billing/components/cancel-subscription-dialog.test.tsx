import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { BILLING, SUBSCRIBER, SUBSCRIPTION } from '../billing-test-kit';

type User = ReturnType<typeof userEvent.setup>;

async function openCancelDialog(user: User, routes: ApiRoutes = {}) {
  const stub = stubApi({
    'GET /api/user': () => json(SUBSCRIBER),
    'GET /api/user/billing': () => json(BILLING),
    ...routes,
  });
  renderRoute('/profile');
  const section = await screen.findByRole('region', { name: 'Cancel Subscription' });
  await user.click(within(section).getByRole('button', { name: 'Cancel Subscription' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
  return { ...stub, dialog };
}

function parts(dialog: HTMLElement) {
  return {
    email: within(dialog).getByLabelText('Type your e-mail to confirm'),
    box: within(dialog).getByRole('checkbox'),
    confirm: within(dialog).getByRole('button', { name: /^(Cancel Subscription|Cancelling\.\.\.)$/ }),
  };
}

describe('Cancel dialog (001 §2, §5)', () => {
  it('lists what cancelling means', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCancelDialog(user);

    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Your subscription ends at the end of the current billing period.',
      'You lose your premium features.',
      'Your saved images in My Edits are deleted.',
      'Your account goes back to a free account, with watermarked images.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Keep Subscription' })).toBeInTheDocument();
  });

  it('enables confirming only with the account e-mail typed and the box ticked', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCancelDialog(user);
    const { email, box, confirm } = parts(dialog);

    expect(confirm).toBeDisabled();

    await user.click(box); // ticked, no e-mail
    expect(confirm).toBeDisabled();

    await user.type(email, 'someone@example.com'); // ticked, wrong e-mail
    expect(confirm).toBeDisabled();

    await user.clear(email);
    await user.type(email, SUBSCRIBER.email); // ticked, right e-mail
    expect(confirm).toBeEnabled();

    await user.click(box); // right e-mail, not ticked
    expect(confirm).toBeDisabled();

    await user.clear(email);
    await user.type(email, '   '); // blank
    await user.click(box);
    expect(confirm).toBeDisabled();
  });

  it('is disabled and says "Cancelling..." while the request is pending', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCancelDialog(user, {
      'POST /api/user/cancel-subscription': () => new Promise<Response>(() => undefined),
    });
    const { email, box, confirm } = parts(dialog);
    await user.type(email, SUBSCRIBER.email);
    await user.click(box);

    await user.click(confirm);

    const pending = await within(dialog).findByRole('button', { name: 'Cancelling...' });
    expect(pending).toBeDisabled();
  });

  it('cancels, says until when, closes, clears the fields and refetches billing', async () => {
    const user = userEvent.setup();
    let subscription = SUBSCRIPTION;
    const { dialog, requests } = await openCancelDialog(user, {
      'GET /api/user/billing': () => json({ ...BILLING, subscription }),
      'POST /api/user/cancel-subscription': () => {
        subscription = { ...SUBSCRIPTION, cancelAtPeriodEnd: true };
        return json({ accessUntil: '2030-12-31T12:00:00.000Z', message: 'Subscription cancelled' });
      },
    });
    const { email, box, confirm } = parts(dialog);
    await user.type(email, SUBSCRIBER.email);
    await user.click(box);

    await user.click(confirm);

    expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument();
    expect(
      screen.getAllByText("Your subscription will end on December 31, 2030. You'll retain access until then.").length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = requests.find((request) => new URL(request.url).pathname === '/api/user/cancel-subscription');
    expect(await call?.json()).toEqual({ confirmEmail: SUBSCRIBER.email, confirmCancel: true });
    // 001 §7: billing is refetched; the card now shows the ending notice and no cancel section.
    expect(await screen.findByText('Subscription Ending')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('clears the fields when the dialog is closed with Keep Subscription', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCancelDialog(user);
    await user.type(parts(dialog).email, SUBSCRIBER.email);
    await user.click(parts(dialog).box);

    await user.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Cancel Subscription' })).getByRole('button', { name: 'Cancel Subscription' }));

    const reopened = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    expect(parts(reopened).email).toHaveValue('');
    expect(parts(reopened).box).not.toBeChecked();
  });

  it('says "Contact support for cancellation details" when the answer has no date', async () => {
    const user = userEvent.setup();
    const { dialog } = await openCancelDialog(user, {
      'POST /api/user/cancel-subscription': () => json({ accessUntil: 'Contact support for details', message: 'ok' }),
    });
    await user.type(parts(dialog).email, SUBSCRIBER.email);
    await user.click(parts(dialog).box);

    await user.click(parts(dialog).confirm);

    expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument();
    expect(screen.getByText('Contact support for cancellation details')).toBeInTheDocument();
  });

  it.each([
    ["the server's message", () => json({ message: 'Email does not match', error: 'Bad Request' }, { status: 400 }), 'Email does not match'],
    ['the fallback on a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to cancel subscription. Please try again.'],
  ])('says "Cancellation Failed" with %s and keeps the dialog open', async (_case, answer, text) => {
    const user = userEvent.setup();
    const { dialog } = await openCancelDialog(user, { 'POST /api/user/cancel-subscription': answer });
    await user.type(parts(dialog).email, SUBSCRIBER.email);
    await user.click(parts(dialog).box);

    await user.click(parts(dialog).confirm);

    expect(await screen.findByText('Cancellation Failed')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(parts(dialog).email).toHaveValue(SUBSCRIBER.email);
  });
});
