import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi, type RouteHandler } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { userBody } from '../../../test/contract-answers';

const FRANK = userBody({ id: '4', email: 'frank@example.com', username: 'frank', emailVerified: false });

async function openWithBanner(resend?: RouteHandler) {
  const stub = stubApi({ 'GET /api/user': () => json(FRANK), ...(resend ? { 'POST /api/resend-confirmation': resend } : {}) });
  renderRoute('/leaderboard');
  const banner = await screen.findByRole('complementary', { name: 'Email verification' });
  return { ...stub, banner };
}

describe('e-mail verification banner (000 §4, §8)', () => {
  it('asks an unverified user to verify, on the pages with the top bar', async () => {
    const { banner } = await openWithBanner();

    expect(within(banner).getByText('Verify your email to get 2 free credits')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Resend Email' })).toBeInTheDocument();
  });

  it('is not shown to a verified user', async () => {
    stubApi({ 'GET /api/user': () => json({ ...FRANK, emailVerified: true }) });

    renderRoute('/leaderboard');

    await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.queryByText('Verify your email to get 2 free credits')).not.toBeInTheDocument();
  });

  it('resends the confirmation to the user\'s address and says "Email Sent"', async () => {
    const user = userEvent.setup();
    const { banner, requests } = await openWithBanner(() =>
      json({ message: 'Confirmation email sent successfully! Please check your inbox.' }),
    );

    await user.click(within(banner).getByRole('button', { name: 'Resend Email' }));

    expect(await screen.findByText('Email Sent')).toBeInTheDocument();
    const call = requests.find((request) => request.url.endsWith('/api/resend-confirmation'));
    expect(await call?.json()).toEqual({ email: 'frank@example.com' });
  });

  it.each([
    [
      'the server error',
      () => json({ error: 'Too many confirmation emails requested. Please try again later.' }, { status: 429 }),
      'Too many confirmation emails requested. Please try again later.',
    ],
    ['the default', () => new Response(null, { status: 500 }), 'Failed to resend confirmation email'],
    ['the network text', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to resend confirmation email. Please try again.'],
  ])('says "Error" with %s when resending fails', async (_case, answer, text) => {
    const user = userEvent.setup();
    const { banner } = await openWithBanner(answer);

    await user.click(within(banner).getByRole('button', { name: 'Resend Email' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(text, { exact: true })).toBeInTheDocument();
  });
});
