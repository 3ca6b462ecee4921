import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { getPendingSubscription, setPendingSubscription } from '../../../shared/lib/pending-choice';
import { CATALOGUE, FREE_USER } from '../billing-test-kit';
import { browserLocation } from '../lib/leave-for';

describe('/order (001 §2)', () => {
  it('shows a spinner while the user loads', async () => {
    setPendingSubscription('pro');
    stubApi({ 'GET /api/user': () => new Promise<Response>(() => undefined) });

    renderRoute('/order');

    expect(await screen.findByText('Loading your order...')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth', async () => {
    setPendingSubscription('pro');
    stubApi({ 'GET /api/user': signedOut });

    const { router } = renderRoute('/order');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(getPendingSubscription()).toBe('pro');
  });

  it('sends a user without a pending plan to /pricing', async () => {
    stubApi({ 'GET /api/user': () => json(FREE_USER), 'GET /api/billing/catalogue': () => json(CATALOGUE) });

    const { router } = renderRoute('/order');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('summarises the pending plan and subscribes to it', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    setPendingSubscription('pro');
    const { requests } = stubApi({
      'GET /api/user': () => json(FREE_USER),
      'GET /api/billing/catalogue': () => json(CATALOGUE),
      'POST /api/create-subscription': () => json({ checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_2' }),
    });
    renderRoute('/order');

    await screen.findByRole('heading', { level: 1, name: 'Order Summary' });
    const summary = await screen.findByRole('region', { name: 'Pro plan' });
    expect(within(summary).getByText('$49.00/month')).toBeInTheDocument();
    expect(within(summary).getByText('140 credits a month')).toBeInTheDocument();
    expect(within(summary).getByText('Early access to new features')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');

    await user.click(within(summary).getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2'));
    const post = requests.find((request) => new URL(request.url).pathname === '/api/create-subscription');
    expect(await post?.json()).toEqual({ tier: 'pro' });
    expect(getPendingSubscription()).toBeNull();
    // Still the order page: clearing the choice does not send the user to /pricing.
    expect(screen.getByRole('heading', { level: 1, name: 'Order Summary' })).toBeInTheDocument();
  });
});
