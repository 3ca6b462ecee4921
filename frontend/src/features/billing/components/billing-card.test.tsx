import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { BILLING, FREE_USER, PACK_BUYER, SUBSCRIPTION, SUBSCRIBER } from '../billing-test-kit';

async function openProfile(account: object, billing: unknown = BILLING, routes: ApiRoutes = {}) {
  const stub = stubApi({
    'GET /api/user': () => json(account),
    'GET /api/user/billing': () => json(billing),
    ...routes,
  });
  const view = renderRoute('/profile');
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });
  return { ...stub, ...view };
}

function billingCard() {
  return screen.getByRole('region', { name: 'Billing & Subscription' });
}

async function loadedCard() {
  const card = billingCard();
  await waitFor(() => expect(within(card).queryByRole('status')).not.toBeInTheDocument());
  return card;
}

function billingCalls(requests: Request[]) {
  return requests.filter((request) => new URL(request.url).pathname === '/api/user/billing');
}

describe('Billing & Subscription card on /profile (001 §2, §6)', () => {
  it('is not shown, and billing is not asked for, for a free account', async () => {
    const { requests } = await openProfile(FREE_USER);

    expect(screen.getByRole('region', { name: 'Account Information' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Billing & Subscription' })).not.toBeInTheDocument();
    expect(billingCalls(requests)).toHaveLength(0);
  });

  it('sits between Account Information and Change Password', async () => {
    await openProfile(SUBSCRIBER);

    const names = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .map((id) => (id ? document.getElementById(id)?.textContent : null))
      .filter((name) => name === 'Account Information' || name === 'Billing & Subscription' || name === 'Change Password');
    expect(names).toEqual(['Account Information', 'Billing & Subscription', 'Change Password']);
  });

  it('shows an active subscription: status, plan and price, next billing date, card, invoices and the cancel section', async () => {
    await openProfile(SUBSCRIBER);
    const card = await loadedCard();

    const current = await within(card).findByRole('region', { name: 'Current subscription' });
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(within(current).getByText('Starter')).toBeInTheDocument();
    expect(within(current).getByText('$19.00/month')).toBeInTheDocument();
    expect(within(current).getByText('Next billing date')).toBeInTheDocument();
    expect(within(current).getByText('December 31, 2030')).toBeInTheDocument();
    expect(within(current).getByText('Visa •••• 4242, expires 12/2030')).toBeInTheDocument();
    expect(within(current).queryByText('Subscription Ending')).not.toBeInTheDocument();

    const invoices = within(card).getByRole('region', { name: 'Recent Invoices' });
    expect(within(invoices).getByText('$19.00 USD')).toBeInTheDocument();
    expect(within(invoices).getByText('November 30, 2030')).toBeInTheDocument();
    expect(within(invoices).getByText('Paid')).toBeInTheDocument();
    const link = within(invoices).getByRole('link', { name: 'View invoice of November 30, 2030 (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://invoice.example/in_1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const cancel = within(card).getByRole('region', { name: 'Cancel Subscription' });
    expect(within(cancel).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it('shows at most 5 invoices', async () => {
    const invoices = Array.from({ length: 7 }, (_, index) => ({ ...BILLING.invoices[0], id: `in_${index}`, amountPaid: 100 * (index + 1) }));
    await openProfile(SUBSCRIBER, { ...BILLING, invoices });
    const card = await loadedCard();

    const list = within(card).getByRole('list', { name: 'Recent Invoices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows N/A without an amount and the support text without a period end', async () => {
    await openProfile(SUBSCRIBER, {
      ...BILLING,
      subscription: { ...SUBSCRIPTION, amount: null, currentPeriodEnd: null },
      paymentMethods: [{ card: { brand: 'Test card', last4: '4242', expMonth: 1, expYear: 2031 } }],
    });
    const card = await loadedCard();

    expect(within(card).getByText('N/A')).toBeInTheDocument();
    expect(within(card).getByText('Contact support for billing details')).toBeInTheDocument();
    expect(within(card).getByText('Test card •••• 4242, expires 01/2031')).toBeInTheDocument();
  });

  it('says card details are unavailable when the provider could not answer', async () => {
    await openProfile(SUBSCRIBER, { ...BILLING, paymentMethods: [], unavailable: ['paymentMethods'] });
    const card = await loadedCard();

    expect(within(card).getByText('Card details are unavailable right now')).toBeInTheDocument();
  });

  it('shows the ending notice instead of the cancel section, and resumes the subscription', async () => {
    const user = userEvent.setup();
    let subscription = { ...SUBSCRIPTION, cancelAtPeriodEnd: true };
    const { requests } = await openProfile(SUBSCRIBER, undefined, {
      'GET /api/user/billing': () => json({ ...BILLING, subscription }),
      'POST /api/user/resume-subscription': () => {
        subscription = { ...SUBSCRIPTION, cancelAtPeriodEnd: false };
        return json({ subscription });
      },
    });
    const card = await loadedCard();

    expect(within(card).getByText('Subscription Ending')).toBeInTheDocument();
    expect(
      within(card).getByText("Your subscription will end on December 31, 2030. You'll retain access until then."),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Cancel Subscription' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Resume subscription' }));

    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('Subscription Ending')).not.toBeInTheDocument());
    expect(within(card).getByRole('region', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(billingCalls(requests)).toHaveLength(2);
  });

  it('shows a past-due subscription with its banner (D29)', async () => {
    await openProfile(SUBSCRIBER, { ...BILLING, subscription: { ...SUBSCRIPTION, status: 'past_due' } });
    const card = await loadedCard();

    expect(within(card).getByText('Past due')).toBeInTheDocument();
    expect(within(card).getByText('Your last payment failed. Please update your card to keep your plan.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact');
  });

  it('shows a pending downgrade (D28)', async () => {
    await openProfile(SUBSCRIBER, { ...BILLING, subscription: { ...SUBSCRIPTION, tier: 'pro', planName: 'Pro', pendingTier: 'starter' } });
    const card = await loadedCard();

    expect(within(card).getByText('Your plan changes to Starter on December 31, 2030.')).toBeInTheDocument();
  });

  it('shows a credit purchaser their totals and purchase history, without a cancel section', async () => {
    const purchases = Array.from({ length: 12 }, (_, index) => ({
      id: `p${index}`,
      amount: 7,
      description: `Credit pack ${index}`,
      date: '2030-06-15T12:00:00.000Z',
      cost: 500,
      paymentMethod: 'Visa •••• 4242',
    }));
    await openProfile(PACK_BUYER, {
      ...BILLING,
      subscription: null,
      paymentMethods: [],
      totalCredits: 84,
      purchaseCount: 12,
      creditPurchases: purchases,
      invoices: [],
    });
    const card = await loadedCard();

    expect(within(card).getByText('Credit Purchaser')).toBeInTheDocument();
    expect(within(card).getByText('Total credits purchased').nextElementSibling).toHaveTextContent('84');
    expect(within(card).getByText('Purchases').nextElementSibling).toHaveTextContent('12');
    const history = within(card).getByRole('list', { name: 'Purchase History' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('7 credits');
    expect(rows[0]).toHaveTextContent('$5.00');
    expect(rows[0]).toHaveTextContent('Credit pack 0');
    expect(rows[0]).toHaveTextContent('June 15, 2030');
    expect(rows[0]).toHaveTextContent('Visa •••• 4242');
    expect(within(card).queryByRole('region', { name: 'Current subscription' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Recent Invoices' })).not.toBeInTheDocument();
  });

  it('shows an error with Try again that fetches again', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openProfile(SUBSCRIBER, undefined, {
      'GET /api/user/billing': () => (fail ? json({ message: 'down' }, { status: 500 }) : json(BILLING)),
    });
    const card = billingCard();

    expect(await within(card).findByRole('alert')).toHaveTextContent('Unable to load your billing details.');
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));

    expect(await within(card).findByText('$19.00/month')).toBeInTheDocument();
  });
});
