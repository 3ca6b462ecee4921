import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import {
  PENDING_CREDIT_PACK_KEY,
  PENDING_SUBSCRIPTION_KEY,
  getPendingCreditPack,
  getPendingSubscription,
  setPendingCreditPack,
  setPendingSubscription,
} from '../../../shared/lib/pending-choice';
import { CATALOGUE, FREE_USER, SUBSCRIBER } from '../billing-test-kit';
import { browserLocation } from '../lib/leave-for';

const STRIPE_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';

function watchLocation() {
  return vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
}

async function openPricing(routes: ApiRoutes = {}, { path = '/pricing', strict = false } = {}) {
  const stub = stubApi({
    'GET /api/user': signedOut,
    'GET /api/billing/catalogue': () => json(CATALOGUE),
    ...routes,
  });
  const view = renderRoute(path, { strict });
  await screen.findByRole('heading', { level: 1, name: 'Pricing' });
  return { ...stub, ...view };
}

const signedIn = (user: object = FREE_USER) => ({ 'GET /api/user': () => json(user) });

function postsTo(requests: Request[], path: string) {
  return requests.filter((request) => request.method === 'POST' && new URL(request.url).pathname === path);
}

describe('/pricing tabs and content (001 §2, §9; D8)', () => {
  it('opens on Monthly Subscriptions with the plans from the catalogue', async () => {
    await openPricing();

    expect(screen.getByRole('tab', { name: 'Monthly Subscriptions' })).toHaveAttribute('aria-selected', 'true');
    // 001 §2 lists the tabs as Buy Credits and Monthly Subscriptions, in that order.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Buy Credits', 'Monthly Subscriptions']);
    expect(screen.getByRole('tab', { name: 'Buy Credits' })).toHaveAttribute('aria-selected', 'false');
    const plans = await screen.findByRole('list', { name: 'Monthly plans' });
    const creator = within(plans).getByRole('article', { name: 'Creator' });
    expect(within(creator).getByText('$29')).toBeInTheDocument();
    expect(within(creator).getByText('/month')).toBeInTheDocument();
    expect(within(creator).getByText('70 credits a month')).toBeInTheDocument();
    expect(within(creator).getByText('Most popular')).toBeInTheDocument();
    expect(within(creator).getByText('In-app editor (coming soon)')).toBeInTheDocument();
    expect(within(plans).getByRole('article', { name: 'Starter' })).not.toHaveTextContent('Most popular');
    expect(within(plans).getByRole('button', { name: 'Subscribe to Pro' })).toBeEnabled();
  });

  it('shows the credit packs with the price per credit on the Buy Credits tab', async () => {
    const user = userEvent.setup();
    await openPricing();

    await user.click(screen.getByRole('tab', { name: 'Buy Credits' }));

    const packs = await screen.findByRole('list', { name: 'Credit packs' });
    const seven = within(packs).getByRole('article', { name: '7 credits' });
    expect(within(seven).getByText('$5')).toBeInTheDocument();
    expect(within(seven).getByText('$0.71 per credit')).toBeInTheDocument();
    expect(within(seven).getByRole('button', { name: 'Buy 7 credits' })).toBeInTheDocument();
    expect(within(packs).getAllByRole('article')).toHaveLength(4);
  });

  it('lists the policies in the FAQ and shows the AI disclaimer', async () => {
    await openPricing();

    expect(screen.getByText('No. Credits from credit packs never expire.')).toBeInTheDocument();
    expect(screen.getByText('All sales are final. Used credits are not refunded.')).toBeInTheDocument();
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(screen.getByText(/replies within 24 hours/)).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days before a change/)).toBeInTheDocument();
    expect(screen.getByText(/roll over for 1 month/)).toBeInTheDocument();
    expect(screen.getByText(/Credit packs give watermark-free images but do not include My Edits/)).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'About AI results' })).toHaveTextContent(
      'Review every image before you share it.',
    );
  });

  it('shows an error with Try again when the catalogue cannot be loaded', async () => {
    await openPricing({ 'GET /api/billing/catalogue': () => json({ message: 'down' }, { status: 500 }) });

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load prices right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('choosing while signed out (001 §4, §8)', () => {
  it('stores the plan, says "Login Required" and goes to /auth', async () => {
    const user = userEvent.setup();
    const { router, requests } = await openPricing();

    await user.click(await screen.findByRole('button', { name: 'Subscribe to Creator' }));

    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to subscribe to a plan')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem(PENDING_SUBSCRIPTION_KEY)).toBe('creator');
    expect(postsTo(requests, '/api/create-subscription')).toHaveLength(0);
  });

  it('stores the pack, says "Login Required" and goes to /auth', async () => {
    const user = userEvent.setup();
    const { router } = await openPricing();
    await user.click(screen.getByRole('tab', { name: 'Buy Credits' }));

    await user.click(await screen.findByRole('button', { name: 'Buy 15 credits' }));

    expect(await screen.findByText('Please log in to purchase credits')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem(PENDING_CREDIT_PACK_KEY)).toBe('pack15');
  });

  it('keeps a pending choice on a signed-out visit', async () => {
    setPendingSubscription('pro');
    const { requests } = await openPricing();

    await screen.findByRole('list', { name: 'Monthly plans' });

    expect(getPendingSubscription()).toBe('pro');
    expect(postsTo(requests, '/api/create-subscription')).toHaveLength(0);
  });
});

describe('after login with a pending choice (001 §4)', () => {
  it('starts the pending plan checkout once (also under StrictMode), clears it and goes to the checkout', async () => {
    const assign = watchLocation();
    setPendingSubscription('starter');
    const { requests } = await openPricing(
      { ...signedIn(), 'POST /api/create-subscription': () => json({ checkoutUrl: STRIPE_URL }) },
      { strict: true },
    );

    await waitFor(() => expect(assign).toHaveBeenCalledWith(STRIPE_URL));
    const posts = postsTo(requests, '/api/create-subscription');
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.json()).toEqual({ tier: 'starter' });
    expect(getPendingSubscription()).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('opens Buy Credits for a pending pack and starts its purchase, going to the local checkout', async () => {
    setPendingCreditPack('pack7');
    const { requests, router } = await openPricing({
      ...signedIn(),
      'POST /api/purchase-credits': () => json({ checkoutUrl: '/checkout/local/cs_local_1' }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/local/cs_local_1'));
    const posts = postsTo(requests, '/api/purchase-credits');
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.json()).toEqual({ pack: 'pack7' });
    expect(getPendingCreditPack()).toBeNull();
  });

  it('switches to the Buy Credits tab for a pending pack', async () => {
    setPendingCreditPack('pack45');
    await openPricing({
      ...signedIn(),
      'POST /api/purchase-credits': () => new Promise<Response>(() => undefined),
    });

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Buy Credits' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByRole('button', { name: 'Redirecting...' })).toBeInTheDocument();
  });

  it('reports a failed start once and does not try again on the next visit', async () => {
    setPendingSubscription('pro');
    const routes = {
      ...signedIn({ ...FREE_USER, emailVerified: false }),
      'POST /api/create-subscription': () =>
        json(
          { message: 'Please verify your e-mail before buying', error: 'Forbidden', code: 'BILLING.EMAIL_NOT_VERIFIED' },
          { status: 403 },
        ),
    };
    const { requests } = await openPricing(routes);

    expect(await screen.findByText('Subscription Failed')).toBeInTheDocument();
    expect(screen.getByText('Please verify your e-mail before buying')).toBeInTheDocument();
    expect(getPendingSubscription()).toBeNull();
    expect(postsTo(requests, '/api/create-subscription')).toHaveLength(1);
  });
});

describe('starting a checkout while signed in (001 §4, §8; D28)', () => {
  it('says "Payment Setup Failed" when the answer has no checkoutUrl', async () => {
    const user = userEvent.setup();
    const assign = watchLocation();
    await openPricing({ ...signedIn(), 'POST /api/create-subscription': () => json({ checkoutUrl: null }) });

    await user.click(await screen.findByRole('button', { name: 'Subscribe to Starter' }));

    expect(await screen.findByText('Payment Setup Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to create checkout session')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe to Starter' })).not.toHaveAttribute('aria-disabled');
  });

  it('says "Purchase Failed" with the server message', async () => {
    const user = userEvent.setup();
    await openPricing({
      ...signedIn(),
      'POST /api/purchase-credits': () =>
        json({ message: 'Payments are unavailable right now', code: 'BILLING.PROVIDER_UNAVAILABLE' }, { status: 503 }),
    });
    await user.click(screen.getByRole('tab', { name: 'Buy Credits' }));

    await user.click(await screen.findByRole('button', { name: 'Buy 1 credit' }));

    expect(await screen.findByText('Purchase Failed')).toBeInTheDocument();
    expect(screen.getByText('Payments are unavailable right now')).toBeInTheDocument();
  });

  it("marks a subscriber's own plan and switches another one in place after confirming", async () => {
    const user = userEvent.setup();
    const { requests } = await openPricing({
      ...signedIn(SUBSCRIBER),
      'POST /api/create-subscription': () =>
        json({
          checkoutUrl: null,
          planChange: {
            from: 'creator',
            to: 'starter',
            effective: 'next_renewal',
            effectiveAt: '2030-12-31T12:00:00.000Z',
            creditsGranted: 0,
          },
        }),
    });
    const plans = await screen.findByRole('list', { name: 'Monthly plans' });
    expect(within(plans).getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await user.click(within(plans).getByRole('button', { name: 'Switch plan to Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Starter?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Starter' }));

    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(screen.getByText('Your plan changes to Starter on December 31, 2030.')).toBeInTheDocument();
    const posts = postsTo(requests, '/api/create-subscription');
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.json()).toEqual({ tier: 'starter' });
  });

  it('says what changed when an upgrade takes effect at once', async () => {
    const user = userEvent.setup();
    await openPricing({
      ...signedIn(SUBSCRIBER),
      'POST /api/create-subscription': () =>
        json({
          checkoutUrl: null,
          planChange: { from: 'creator', to: 'pro', effective: 'now', effectiveAt: '2030-06-01T12:00:00.000Z', creditsGranted: 35 },
        }),
    });

    await user.click(await screen.findByRole('button', { name: 'Switch plan to Pro' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Switch to Pro?' })).getByRole('button', { name: 'Switch to Pro' }));

    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(screen.getByText("You're now on the Pro plan. 35 credits were added to your balance.")).toBeInTheDocument();
  });

  it('does not switch a subscriber to a plan chosen while signed out without asking', async () => {
    setPendingSubscription('pro');
    const { requests } = await openPricing(signedIn(SUBSCRIBER));

    expect(await screen.findByText('You already have a plan')).toBeInTheDocument();
    expect(getPendingSubscription()).toBeNull();
    expect(postsTo(requests, '/api/create-subscription')).toHaveLength(0);
  });

  it('says "Subscription Failed" with the 409 message', async () => {
    const user = userEvent.setup();
    await openPricing({
      ...signedIn(),
      'POST /api/create-subscription': () =>
        json({ message: 'You are already subscribed to this plan', code: 'BILLING.SAME_PLAN' }, { status: 409 }),
    });

    await user.click(await screen.findByRole('button', { name: 'Subscribe to Pro' }));

    expect(await screen.findByText('Subscription Failed')).toBeInTheDocument();
    expect(screen.getByText('You are already subscribed to this plan')).toBeInTheDocument();
  });
});

describe('back from a cancelled checkout (D27, D30)', () => {
  it('says "Checkout cancelled" and removes the query parameter', async () => {
    const { router } = await openPricing({}, { path: '/pricing?checkout=cancelled' });

    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
    expect(screen.getByText('No payment was taken.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
