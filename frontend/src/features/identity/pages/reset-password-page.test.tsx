import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserApi } from '../../../shared/api/current-user.api';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { userBody } from '../../../test/contract-answers';

type User = ReturnType<typeof userEvent.setup>;

const TOKEN = 'Zk3v9QmR1xP0aBcDeFgHiJkLmNoPqRsTuVwXyZ01234';
const INVALID_TEXT = 'This password reset link has expired or has already been used.';
const INVALID = () =>
  json({ message: INVALID_TEXT, error: INVALID_TEXT, code: 'IDENTITY.RESET_LINK_INVALID' }, { status: 400, statusText: 'Bad Request' });
const VALID = () => json({ valid: true });

const ALICE = userBody({ id: '7', email: 'alice@example.com', username: 'alice' });

function open(path: string, routes: ApiRoutes = {}) {
  const stub = stubApi({ 'GET /api/user': signedOut, ...routes });
  return { ...stub, ...renderRoute(path) };
}

const calls = (requests: Request[], path: string) => requests.filter((request) => new URL(request.url).pathname === path);

async function openValid(routes: ApiRoutes = {}) {
  const view = open(`/reset-password/${TOKEN}`, { [`GET /api/reset-password/${TOKEN}`]: VALID, ...routes });
  await screen.findByRole('form', { name: 'Choose a new password' });
  return view;
}

async function choose(user: User, next: string, confirm: string) {
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

async function expectInvalidWithNewLinkForm() {
  expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_TEXT);
  const form = screen.getByRole('form', { name: 'Forgot your password?' });
  expect(within(form).getByLabelText('Email')).toBeInTheDocument();
  expect(within(form).getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  expect(within(form).getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
  return form;
}

describe('/reset-password/{token}: checking the link (D36)', () => {
  it('checks the link first, with a loading state', async () => {
    const { requests } = open(`/reset-password/${TOKEN}`, {
      [`GET /api/reset-password/${TOKEN}`]: () => new Promise<Response>(() => undefined),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link...');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await waitFor(() => expect(calls(requests, `/api/reset-password/${TOKEN}`)).toHaveLength(1));
  });

  it('says an expired or used link cannot be used, and offers to send a new one', async () => {
    const user = userEvent.setup();
    const { requests } = open(`/reset-password/${TOKEN}`, {
      [`GET /api/reset-password/${TOKEN}`]: INVALID,
      'POST /api/forgot-password': () => json({ message: 'If an account exists for that email, we have sent a link to reset its password.' }),
    });

    const form = await expectInvalidWithNewLinkForm();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Email'), 'alice@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that email, we have sent a link to reset its password.');
    expect(await calls(requests, '/api/forgot-password')[0]?.json()).toEqual({ email: 'alice@example.com' });
  });

  it('says the same for /reset-password without a token, without asking the server', async () => {
    const { requests } = open('/reset-password');

    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    await expectInvalidWithNewLinkForm();
    expect(requests.some((request) => new URL(request.url).pathname.startsWith('/api/reset-password'))).toBe(false);
  });

  it('offers to try again when the link could not be checked', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    open(`/reset-password/${TOKEN}`, {
      [`GET /api/reset-password/${TOKEN}`]: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : VALID();
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check this link right now. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('form', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});

describe('/reset-password/{token}: choosing a new password (D36, 001 §5 rules)', () => {
  it('applies the change-password rules and sends nothing until they hold', async () => {
    const user = userEvent.setup();
    const { requests } = await openValid();

    await choose(user, '', '');

    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters. Password must be at least 8 characters');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Please confirm your password');
    expect(calls(requests, '/api/reset-password')).toHaveLength(0);
  });

  it('says a short password is too short', async () => {
    const user = userEvent.setup();
    const { requests } = await openValid();

    await choose(user, 'short', 'short');

    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters. Password must be at least 8 characters');
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
    expect(calls(requests, '/api/reset-password')).toHaveLength(0);
  });

  it("says when the confirmation does not match, on the confirmation field", async () => {
    const user = userEvent.setup();
    const { requests } = await openValid();

    await choose(user, 'new-secret-1', 'new-secret-2');

    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription("Passwords don't match");
    expect(calls(requests, '/api/reset-password')).toHaveLength(0);
  });

  it('resets the password, then goes to Sign In signed out, saying "Password reset"', async () => {
    const user = userEvent.setup();
    // A browser that was signed in as the account: the reset ended that session too.
    const { requests, router, store } = await openValid({
      'GET /api/user': () => json(ALICE),
      'POST /api/reset-password': () => json({ message: 'Password reset' }),
    });

    await choose(user, 'new-secret-1', 'new-secret-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(screen.getByText('Sign in with your new password.')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull();
    expect(await calls(requests, '/api/reset-password')[0]?.json()).toEqual({ token: TOKEN, newPassword: 'new-secret-1' });
  });

  it('says the link cannot be used when it was used or expired meanwhile', async () => {
    const user = userEvent.setup();
    const { router } = await openValid({ 'POST /api/reset-password': INVALID });

    await choose(user, 'new-secret-1', 'new-secret-1');

    await expectInvalidWithNewLinkForm();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/reset-password/${TOKEN}`);
  });

  it("puts the server's password message on the field", async () => {
    const user = userEvent.setup();
    await openValid({
      'POST /api/reset-password': () =>
        json(
          {
            message: 'Password must be at least 8 characters',
            code: 'VALIDATION.FAILED',
            details: [{ field: 'newPassword', messages: ['Password must be at least 8 characters'] }],
          },
          { status: 400 },
        ),
    });

    await choose(user, 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters. Password must be at least 8 characters'),
    );
  });
});
