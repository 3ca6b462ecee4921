import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { CATALOGUE, FREE_USER, localSession } from '../billing-test-kit';
import { normaliseExpiry } from './local-checkout-page';

type User = ReturnType<typeof userEvent.setup>;

const SESSION_PATH = '/api/local-checkout/sessions/cs_local_1';

async function openCheckout(routes: ApiRoutes = {}) {
  const stub = stubApi({
    'GET /api/user': () => json(FREE_USER),
    [`GET ${SESSION_PATH}`]: () => json(localSession()),
    ...routes,
  });
  const view = renderRoute('/checkout/local/cs_local_1');
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await screen.findByRole('region', { name: 'Card details' });
  return { ...stub, ...view };
}

async function fillCard(user: User, { number = '4242 4242 4242 4242', expiry = '12/30', cvc = '123', name = 'Fran Tester' } = {}) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
  await user.type(screen.getByLabelText('Name on card'), name);
}

describe('/checkout/local/{id}: the local test checkout (D30)', () => {
  it('says it is a test, summarises the order and offers the test cards', async () => {
    await openCheckout();

    expect(screen.getByRole('note')).toHaveTextContent('Test checkout — no real payment is taken');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Item').nextElementSibling).toHaveTextContent('7 credits');
    expect(within(summary).getByText('$5.00')).toBeInTheDocument();
    expect(within(summary).getByText('fran@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Use any future expiry date and any 3-digit CVC.',
    );
    expect(screen.getByRole('button', { name: 'Pay $5.00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('shows the decline under the form and sends the card without spaces', async () => {
    const user = userEvent.setup();
    const { requests } = await openCheckout({
      [`POST ${SESSION_PATH}/pay`]: () =>
        json({ message: 'Your card was declined.', error: 'Payment Required', code: 'BILLING.CARD_DECLINED' }, { status: 402 }),
    });
    await fillCard(user, { number: '4000 0000 0000 0002' });

    await user.click(screen.getByRole('button', { name: 'Pay $5.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    const pay = requests.find((request) => new URL(request.url).pathname === `${SESSION_PATH}/pay`);
    expect(await pay?.json()).toEqual({
      cardNumber: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
      cardholderName: 'Fran Tester',
    });
    expect(screen.getByRole('button', { name: 'Pay $5.00' })).toBeEnabled();
  });

  it('shows a card error from the server, such as an expired card', async () => {
    const user = userEvent.setup();
    await openCheckout({
      [`POST ${SESSION_PATH}/pay`]: () => json({ message: 'Your card has expired.', error: 'Bad Request' }, { status: 400 }),
    });
    await fillCard(user, { expiry: '01/20' });

    await user.click(screen.getByRole('button', { name: 'Pay $5.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has expired.');
  });

  it('says "Processing..." while paying (submitted with Enter) and then goes to the success page', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { router } = await openCheckout({
      [`POST ${SESSION_PATH}/pay`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      'POST /api/checkout/sessions/cs_local_1/confirm': () => new Promise<Response>(() => undefined),
    });
    await fillCard(user);

    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer(json({ redirectUrl: '/checkout/success?session_id=cs_local_1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(router.state.location.search).toBe('?session_id=cs_local_1');
  });

  it('asks for each field before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = await openCheckout();

    await user.click(screen.getByRole('button', { name: 'Pay $5.00' }));

    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/Your card number is incomplete\.$/));
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(screen.getByLabelText('Name on card')).toHaveAccessibleDescription('Please enter the name on the card.');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('cancels back to pricing, which says no payment was taken', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({
      [`POST ${SESSION_PATH}/cancel`]: () => json({ redirectUrl: '/pricing?checkout=cancelled' }),
      'GET /api/billing/catalogue': () => json(CATALOGUE),
    });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
    expect(screen.getByText('No payment was taken.')).toBeInTheDocument();
  });

  it('goes straight to the success page for a session that is already paid', async () => {
    stubApi({
      'GET /api/user': () => json(FREE_USER),
      [`GET ${SESSION_PATH}`]: () => json(localSession({ status: 'complete' })),
      'POST /api/checkout/sessions/cs_local_1/confirm': () => new Promise<Response>(() => undefined),
    });
    const { router } = renderRoute('/checkout/local/cs_local_1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(router.state.location.search).toBe('?session_id=cs_local_1');
  });

  it('says an expired session took no payment, with a way back to pricing', async () => {
    stubApi({
      'GET /api/user': () => json(FREE_USER),
      [`GET ${SESSION_PATH}`]: () => json(localSession({ status: 'expired' })),
    });
    renderRoute('/checkout/local/cs_local_1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
  });
});

describe('/checkout/local/{id} when signed out', () => {
  it('asks to log in', async () => {
    stubApi({ 'GET /api/user': signedOut, [`GET ${SESSION_PATH}`]: signedOut });
    renderRoute('/checkout/local/cs_local_1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });
});

describe('normaliseExpiry', () => {
  it.each([
    ['12/30', '12/30'],
    ['1230', '12/30'],
    ['12 / 30', '12/30'],
    [' 01/31 ', '01/31'],
    ['1/3', '1/3'],
  ])('reads %j as %j', (typed, sent) => {
    expect(normaliseExpiry(typed)).toBe(sent);
  });
});
