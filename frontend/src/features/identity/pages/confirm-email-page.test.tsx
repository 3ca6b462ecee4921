import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { verifiedLandingPath } from './confirm-email-page';
import { userBody } from '../../../test/contract-answers';

const UNVERIFIED = userBody({ id: '3', email: 'carol@example.com', username: 'carol', emailVerified: false });

const INVALID_TOKEN = () =>
  json(
    { error: 'Invalid or expired verification link', message: 'Invalid or expired verification link', code: 'IDENTITY.INVALID_TOKEN' },
    { status: 400, statusText: 'Bad Request' },
  );

function open(path: string, routes: ApiRoutes = {}, options: { strict?: boolean } = {}) {
  const stub = stubApi({ 'GET /api/user': signedOut, ...routes });
  return { ...stub, ...renderRoute(path, options) };
}

const calls = (requests: Request[], path: string) => requests.filter((request) => new URL(request.url).pathname === path);

afterEach(() => {
  vi.useRealTimers();
});

describe('/confirm-email/{token} (001 §2, §5, §8)', () => {
  it('shows "Verifying Email..." with a spinner while the link is checked', async () => {
    open('/confirm-email/tok-1', { 'GET /api/confirm-email/tok-1': () => new Promise<Response>(() => undefined) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying Email...' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email');
  });

  it('shows "Email Verified!" with the server message, refreshes user and credits, and goes home after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let verified = false;
    const { requests, router } = open('/confirm-email/tok-1', {
      'GET /api/user': () => json({ ...UNVERIFIED, emailVerified: verified }),
      'GET /api/user/credits': () => json({ balance: verified ? 2 : 0, regular: 0, watermarked: verified ? 2 : 0 }),
      'GET /api/confirm-email/tok-1': () => {
        verified = true;
        return json({ message: 'Email verified successfully! You now have 2 free credits.' });
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified!' })).toBeInTheDocument();
    // The page's 3 s start now. The fake clock also moves with real time (shouldAdvanceTime), so
    // the 2.9 s check is counted from here, before any other wait takes real time.
    const shownAt = Date.now();
    expect(screen.getByText('Email verified successfully! You now have 2 free credits.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to App' })).toHaveAttribute('href', '/dashboard');
    await vi.advanceTimersByTimeAsync(2900 - (Date.now() - shownAt));
    expect(router.state.location.pathname).toBe('/confirm-email/tok-1');
    // The banner goes and the balance shows the new credits without a reload.
    await waitFor(() => expect(screen.queryByText('Verify your email to get 2 free credits')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: /^2 credits/ })).toBeInTheDocument();
    expect(calls(requests, '/api/user').length).toBeGreaterThanOrEqual(2);

    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lands on the page that shows the verification toast (000 §8)', () => {
    expect(verifiedLandingPath(false)).toBe('/?verified=true&credits=2');
    expect(verifiedLandingPath(true)).toBe('/?info=already-verified');
  });

  it('uses the default text when the server answers no message', async () => {
    open('/confirm-email/tok-1', { 'GET /api/confirm-email/tok-1': () => json({}) });

    expect(await screen.findByText('Email verified successfully! You now have 2 free credits.')).toBeInTheDocument();
  });

  it('verifies only once under React StrictMode', async () => {
    const { requests } = open(
      '/confirm-email/tok-1',
      { 'GET /api/confirm-email/tok-1': () => json({ message: 'Email verified successfully! You now have 2 free credits.' }) },
      { strict: true },
    );

    await screen.findByRole('heading', { level: 1, name: 'Email Verified!' });

    expect(calls(requests, '/api/confirm-email/tok-1')).toHaveLength(1);
  });

  it('shows "Verification Failed" with the server error, and a resend form', async () => {
    open('/confirm-email/used-token', { 'GET /api/confirm-email/used-token': INVALID_TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired verification link');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Confirmation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['a body without an error', () => json({}, { status: 500, statusText: 'Internal Server Error' }), 'Email verification failed'],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to verify email. Please try again.'],
  ])('says the right thing after %s', async (_case, answer, text) => {
    open('/confirm-email/tok-1', { 'GET /api/confirm-email/tok-1': answer });

    await screen.findByRole('heading', { level: 1, name: 'Verification Failed' });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('says "Invalid confirmation link" without asking the server when the token is missing', async () => {
    const { requests } = open('/confirm-email');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid confirmation link');
    expect(requests.some((request) => request.url.includes('/api/confirm-email'))).toBe(false);
  });
});

describe('resending the confirmation from the failure state (001 §5, §8)', () => {
  async function failed(routes: ApiRoutes = {}) {
    const stub = open('/confirm-email/used-token', { 'GET /api/confirm-email/used-token': INVALID_TOKEN, ...routes });
    await screen.findByRole('heading', { level: 1, name: 'Verification Failed' });
    return stub;
  }

  it('asks for an address when the field is empty', async () => {
    const user = userEvent.setup();
    const { requests } = await failed();

    await user.click(screen.getByRole('button', { name: 'Resend Confirmation' }));

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email address'));
    expect(calls(requests, '/api/resend-confirmation')).toHaveLength(0);
  });

  it('reads "Sending..." while sending, then confirms', async () => {
    let finish: (response: Response) => void = () => undefined;
    const user = userEvent.setup();
    const { requests } = await failed({
      'POST /api/resend-confirmation': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    await user.type(screen.getByLabelText('Email'), 'carol@example.com');

    await user.click(screen.getByRole('button', { name: 'Resend Confirmation' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    finish(json({ message: 'Confirmation email sent successfully! Please check your inbox.' }));
    expect(await screen.findByText('Confirmation email sent successfully! Please check your inbox.')).toBeInTheDocument();
    expect(await calls(requests, '/api/resend-confirmation')[0]?.json()).toEqual({ email: 'carol@example.com' });
    expect(await screen.findByRole('button', { name: 'Resend Confirmation' })).toBeInTheDocument();
  });

  it.each([
    [
      'the server error',
      () => json({ error: 'This email has already been verified.', message: 'This email has already been verified.' }, { status: 400 }),
      'This email has already been verified.',
    ],
    ['the default', () => new Response('', { status: 500 }), 'Failed to resend confirmation email'],
    ['the network text', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to resend confirmation email. Please try again.'],
  ])('shows %s when resending fails', async (_case, answer, text) => {
    const user = userEvent.setup();
    await failed({ 'POST /api/resend-confirmation': answer });
    await user.type(screen.getByLabelText('Email'), 'carol@example.com');

    await user.click(screen.getByRole('button', { name: 'Resend Confirmation' }));

    const toaster = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toaster).findByText(text, { exact: true })).toBeInTheDocument();
  });
});
