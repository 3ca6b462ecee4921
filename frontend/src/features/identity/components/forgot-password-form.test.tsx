import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { expectFocus } from '../../../test/focus';

type User = ReturnType<typeof userEvent.setup>;

const SAME_FOR_EVERYONE = 'If an account exists for that email, we have sent a link to reset its password.';

async function openAuth(routes: ApiRoutes = {}) {
  const stub = stubApi({ 'GET /api/user': signedOut, ...routes });
  const view = renderRoute('/auth');
  await screen.findByRole('heading', { level: 1, name: 'Welcome' });
  return { ...stub, ...view };
}

const panel = () => screen.getByRole('tabpanel');
const forgotCalls = (requests: Request[]) => requests.filter((request) => new URL(request.url).pathname === '/api/forgot-password');

async function openForgot(user: User, typedEmail = '') {
  if (typedEmail) await user.type(within(panel()).getByLabelText('Email'), typedEmail);
  await user.click(within(panel()).getByRole('button', { name: 'Forgot password?' }));
  return screen.findByRole('form', { name: 'Forgot your password?' });
}

describe('"Forgot password?" on the Sign In form (D36)', () => {
  it('opens a small form with the e-mail already typed, focused, and a way back to Sign In', async () => {
    const user = userEvent.setup();
    await openAuth();

    const form = await openForgot(user, 'ann@example.com');

    const email = within(form).getByLabelText('Email');
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveFocus();
    expect(within(panel()).queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Back to Sign In' }));

    expect(within(panel()).getByLabelText('Password')).toBeInTheDocument();
    expect(within(panel()).getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(within(panel()).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks for an address, and a valid one, before sending', async () => {
    const user = userEvent.setup();
    const { requests } = await openAuth();
    const form = await openForgot(user);

    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email address'));

    await user.type(within(form).getByLabelText('Email'), 'ann@');

    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(forgotCalls(requests)).toHaveLength(0);
  });

  it("sends the address and shows the server's answer, the same for every address, then goes back", async () => {
    const user = userEvent.setup();
    const { requests } = await openAuth({ 'POST /api/forgot-password': () => json({ message: SAME_FOR_EVERYONE }) });
    const form = await openForgot(user);
    await user.type(within(form).getByLabelText('Email'), '  nobody@example.com ');

    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    const status = await within(panel()).findByRole('status');
    expect(status).toHaveTextContent(SAME_FOR_EVERYONE);
    await expectFocus(status);
    expect(await forgotCalls(requests)[0]?.json()).toEqual({ email: 'nobody@example.com' });

    await user.click(within(panel()).getByRole('button', { name: 'Back to Sign In' }));

    expect(within(panel()).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows the server's limit message (429) and lets the user try again later", async () => {
    const user = userEvent.setup();
    const limit = 'Too many reset requests. Please try again in 15 minutes.';
    await openAuth({
      'POST /api/forgot-password': () => json({ message: limit, error: 'Too Many Requests', code: 'IDENTITY.TOO_MANY_RESETS' }, { status: 429 }),
    });
    const form = await openForgot(user, 'ann@example.com');

    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(limit);
    expect(within(form).getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it("puts a 400's message on the e-mail field", async () => {
    const user = userEvent.setup();
    await openAuth({
      'POST /api/forgot-password': () => json({ message: 'Please enter a valid email address', code: 'VALIDATION.FAILED' }, { status: 400 }),
    });
    const form = await openForgot(user, 'ann@example.com');

    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address'),
    );
  });

  it('says it could not send the link when the network fails', async () => {
    const user = userEvent.setup();
    await openAuth({ 'POST /api/forgot-password': () => Promise.reject(new TypeError('Failed to fetch')) });
    const form = await openForgot(user, 'ann@example.com');

    await user.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Could not send the reset link. Please try again.');
  });
});
