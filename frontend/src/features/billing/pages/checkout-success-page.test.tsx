import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { FREE_USER, checkoutSession } from '../billing-test-kit';
import { CHECKOUT_POLL_INTERVAL_MS, GIVE_UP_TEXT, SLOW_TEXT } from './checkout-success-page';

function calls(requests: Request[], method: string, path: string) {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

function open(routes: ApiRoutes, path = '/checkout/success?session_id=cs_1') {
  const stub = stubApi({ 'GET /api/user': () => json(FREE_USER), ...routes });
  const view = renderRoute(path, { strict: true });
  return { ...stub, ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/checkout/success (D27)', () => {
  it('confirms once, polls every 1.5 s until fulfilled, then shows the purchase and refreshes the user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fulfilled = false;
    const { requests } = open({
      'POST /api/checkout/sessions/cs_1/confirm': () => json(checkoutSession()),
      'GET /api/checkout/sessions/cs_1': () => json(checkoutSession({ fulfilled })),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
    await waitFor(() => expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS);
    await waitFor(() => expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(2));
    expect(screen.queryByText('Payment successful')).not.toBeInTheDocument();
    const userCallsBefore = calls(requests, 'GET', '/api/user').length;

    fulfilled = true;
    await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('7 credits')).toBeInTheDocument();
    expect(screen.getByText('9 credits')).toBeInTheDocument();
    expect(screen.getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start editing' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'View billing' })).not.toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/checkout/sessions/cs_1/confirm')).toHaveLength(1);
    // The tier and balance changed: the user is fetched again.
    await waitFor(() => expect(calls(requests, 'GET', '/api/user').length).toBeGreaterThan(userCallsBefore));

    const polls = calls(requests, 'GET', '/api/checkout/sessions/cs_1').length;
    await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 4);
    expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(polls);
  });

  it('shows a subscription fulfilled by the confirm call at once, with View billing', async () => {
    const { requests } = open({
      'POST /api/checkout/sessions/cs_1/confirm': () =>
        json(
          checkoutSession({
            fulfilled: true,
            item: { kind: 'subscription', tier: 'starter', name: 'Starter', credits: 45 },
            amountCents: 1900,
          }),
        ),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Starter plan: 45 credits a month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View billing' })).toHaveAttribute('href', '/profile');
    expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(0);
  });

  it('says the credits are on their way after 15 s and that the user may leave after 60 s, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = open({
      'POST /api/checkout/sessions/cs_1/confirm': () => json(checkoutSession()),
      'GET /api/checkout/sessions/cs_1': () => json(checkoutSession()),
    });
    await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' });
    expect(screen.queryByText(SLOW_TEXT)).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(15_500);
    expect(await screen.findByText(SLOW_TEXT)).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(45_000);
    expect(await screen.findByText(GIVE_UP_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the editor' })).toHaveAttribute('href', '/dashboard');

    const polls = calls(requests, 'GET', '/api/checkout/sessions/cs_1').length;
    await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 4);
    expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(polls);
  });

  it('shows an error with a way back to pricing without a session id', async () => {
    open({}, '/checkout/success');

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it("shows an error for an unknown or another user's session (404)", async () => {
    const { requests } = open({});

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
    expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(0);
  });

  it('says an expired checkout took no payment', async () => {
    const { requests } = open({
      'POST /api/checkout/sessions/cs_1/confirm': () => json(checkoutSession({ status: 'expired' })),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout expired' })).toBeInTheDocument();
    expect(screen.getByText('This checkout expired before it was paid. No payment was taken.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/checkout/sessions/cs_1')).toHaveLength(0);
  });
});
