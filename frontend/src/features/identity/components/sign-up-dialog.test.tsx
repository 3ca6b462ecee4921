import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { TOAST_DESCRIPTION } from '../../../test/toasts';
import { userBody } from '../../../test/contract-answers';
import { destination } from '../../../test/router';

const FINGERPRINT = vi.hoisted(() => 'f'.repeat(64));
vi.mock('../lib/device-fingerprint', () => ({ getDeviceFingerprint: () => Promise.resolve(FINGERPRINT) }));

const NEW_USER = userBody({ id: '12', email: 'new@example.com', username: 'newbie', emailVerified: false });

type User = ReturnType<typeof userEvent.setup>;

async function openDialog(user: User, routes: ApiRoutes = {}, button = 'Get Started For FREE') {
  const stub = stubApi({ 'GET /api/user': signedOut, ...routes });
  const view = renderRoute('/');
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  return { ...stub, ...view, dialog };
}

async function fill(user: User, dialog: HTMLElement, values: Partial<Record<'Email' | 'Username' | 'Password' | 'First name (optional)' | 'Last name (optional)', string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(dialog).getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids.map((id) => document.getElementById(id)?.textContent).filter(Boolean);
  return texts.length ? texts.join(' ') : null;
}

describe('sign-up dialog (000 §2, §5, §8)', () => {
  it('opens from "Get Started For FREE" for a signed-out visitor, with the e-mail field focused', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('shows the three messages on submit, linked to their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog, requests } = await openDialog(user);

    await fill(user, dialog, { Email: 'not-an-email', Username: 'ab', Password: '12345' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    const email = within(dialog).getByLabelText('Email');
    const username = within(dialog).getByLabelText('Username');
    const password = within(dialog).getByLabelText('Password');
    expect(errorOf(email)).toBe('Please enter a valid email address');
    expect(errorOf(username)).toBe('Username must be at least 3 characters');
    expect(errorOf(password)).toBe('Password must be at least 6 characters');
    for (const field of [email, username, password]) expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.url.endsWith('/api/register'))).toHaveLength(0);
  });

  it('does not validate while typing before the first submit', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);

    await fill(user, dialog, { Email: 'nope', Username: 'a', Password: '1' });

    expect(within(dialog).queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  });

  it.each([
    ['Email', 'Please enter a valid email address', 'sam@', 'sam@example.com'],
    ['Username', 'Username must be at least 3 characters', 'sa', 'sam'],
    ['Password', 'Password must be at least 6 characters', '12345', '123456'],
  ] as const)('after a submit, re-validates %s on change: "%s" clears once fixed', async (label, message, bad, good) => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);
    await fill(user, dialog, { Email: 'sam@example.com', Username: 'sam', Password: 'secret1', [label]: bad });

    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    const field = within(dialog).getByLabelText(label);
    expect(errorOf(field)).toBe(message);
    // Only the broken field complains.
    expect(within(dialog).getAllByText(/must be at least|valid email/)).toHaveLength(1);

    await user.clear(field);
    await user.type(field, good);

    expect(errorOf(field)).toBeNull();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('registers without the optional names, says "Account created!", closes, and goes to /dashboard after 1 s', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { dialog, requests, router } = await openDialog(user, {
      'GET /api/user': (request) => (signedIn ? json(NEW_USER) : signedOut(request)),
      'POST /api/register': () => {
        signedIn = true;
        return json(NEW_USER, { status: 201 });
      },
    });
    await fill(user, dialog, { Email: ' new@example.com ', Username: 'newbie', Password: 'secret1' });

    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(screen.getByText('You can now start editing photos')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const register = requests.find((request) => request.url.endsWith('/api/register'));
    expect(await register?.json()).toEqual({
      email: 'new@example.com',
      username: 'newbie',
      password: 'secret1',
      deviceFingerprint: FINGERPRINT,
      source: 'signup',
    });
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(destination(router)).toBe('/dashboard'), { timeout: 2000 });
  });

  it('sends the optional names when they are given', async () => {
    const user = userEvent.setup();
    const { dialog, requests } = await openDialog(user, { 'POST /api/register': () => json(NEW_USER, { status: 201 }) });
    await fill(user, dialog, {
      Email: 'new@example.com',
      Username: 'newbie',
      Password: 'secret1',
      'First name (optional)': 'Ada',
      'Last name (optional)': 'Lovelace',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    await screen.findByText('Account created!');
    const register = requests.find((request) => request.url.endsWith('/api/register'));
    expect(await register?.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('says "Registration failed" with the server message and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user, {
      'POST /api/register': () =>
        json(
          { message: 'An account with this email already exists', error: 'An account with this email already exists', code: 'IDENTITY.EMAIL_TAKEN' },
          { status: 409, statusText: 'Conflict' },
        ),
    });
    await fill(user, dialog, { Email: 'taken@example.com', Username: 'taken', Password: 'secret1' });

    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists', { selector: TOAST_DESCRIPTION })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(errorOf(within(dialog).getByLabelText('Email'))).toBe('An account with this email already exists');
  });

  it('offers "Sign in instead" for a taken e-mail, which opens Sign In with the e-mail filled in', async () => {
    const user = userEvent.setup();
    const { dialog, router } = await openDialog(user, {
      'POST /api/register': () =>
        json(
          { message: 'An account with this email already exists', code: 'IDENTITY.EMAIL_TAKEN' },
          { status: 409, statusText: 'Conflict' },
        ),
    });
    await fill(user, dialog, { Email: 'taken@example.com', Username: 'taken', Password: 'secret1' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('taken@example.com already has an account.');
    await user.click(within(refusal).getByRole('button', { name: 'Sign in instead' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    // Opened by the call to action, which names no destination: /auth then uses its own.
    expect(new URLSearchParams(router.state.location.search).get('next')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByLabelText('Email')).toHaveValue('taken@example.com');
  });

  it('closes on Escape and gives focus back to the call to action', async () => {
    const user = userEvent.setup();
    await openDialog(user);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Started For FREE' })).toHaveFocus();
  });

  it('keeps focus inside the dialog', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user);
    const close = within(dialog).getByRole('button', { name: 'Close' });

    await user.tab({ shift: true }); // from the e-mail field back to the close button
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('sends a signed-in user to /dashboard instead of opening the dialog', async () => {
    stubApi({ 'GET /api/user': () => json({ ...NEW_USER, emailVerified: true }) });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Members Area' });

    await user.click(screen.getByRole('button', { name: 'Get Started For FREE' }));

    await waitFor(() => expect(destination(router)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('video waitlist mode (000 §2)', () => {
  it('reads "Be First for Video Magic!" and "Join Video Waitlist" and sends source "video"', async () => {
    const user = userEvent.setup();
    const { dialog, requests } = await openDialog(
      user,
      { 'POST /api/register': () => json(NEW_USER, { status: 201 }) },
      'Join Video Waitlist',
    );

    expect(within(dialog).getByRole('heading', { name: 'Be First for Video Magic!' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('Be First for Video Magic!');
    await fill(user, dialog, { Email: 'new@example.com', Username: 'newbie', Password: 'secret1' });

    await user.click(within(dialog).getByRole('button', { name: 'Join Video Waitlist' }));

    await screen.findByText('Account created!');
    const register = requests.find((request) => request.url.endsWith('/api/register'));
    expect(await register?.json()).toMatchObject({ email: 'new@example.com', source: 'video' });
  });
});

describe('sign-up dialog captcha (001 §4)', () => {
  it('asks for the captcha when the server requires one and sends its token', async () => {
    const { stubTurnstile } = await import('../../../test/turnstile-stub');
    const widget = stubTurnstile();
    const user = userEvent.setup();
    let attempts = 0;
    const { dialog, requests } = await openDialog(user, {
      'GET /api/captcha-config': () => json({ provider: 'turnstile', siteKey: 'site-key-1' }),
      'POST /api/register': () => {
        attempts += 1;
        return attempts === 1
          ? json(
              { message: 'Please complete the CAPTCHA to continue.', code: 'IDENTITY.CAPTCHA_REQUIRED', details: { requiresCaptcha: true } },
              { status: 400, statusText: 'Bad Request' },
            )
          : json(NEW_USER, { status: 201 });
      },
    });
    await fill(user, dialog, { Email: 'new@example.com', Username: 'newbie', Password: 'secret1' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(widget.turnstile.render).toHaveBeenCalled());
    expect(widget.sitekey).toBe('site-key-1');
    const create = within(dialog).getByRole('button', { name: 'Create Account' });
    expect(create).toBeDisabled();

    act(() => widget.solve('token-abc'));
    expect(create).toBeEnabled();
    await user.click(create);

    await screen.findByText('Account created!');
    const registrations = requests.filter((request) => request.url.endsWith('/api/register'));
    expect(await registrations[1]?.json()).toMatchObject({ captchaToken: 'token-abc' });
  });
});
