import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { TOAST_DESCRIPTION } from '../../../test/toasts';
import { stubTurnstile } from '../../../test/turnstile-stub';
import { TURNSTILE_SCRIPT_URL } from '../lib/turnstile';
import { userBody } from '../../../test/contract-answers';

const FINGERPRINT = vi.hoisted(() => '0123456789abcdef'.repeat(4));
vi.mock('../lib/device-fingerprint', () => ({ getDeviceFingerprint: () => Promise.resolve(FINGERPRINT) }));

const ALICE = userBody({ id: '7', email: 'alice@example.com', username: 'alice' });

const CAPTCHA_REQUIRED = () =>
  json(
    {
      message: 'Please complete the CAPTCHA to continue.',
      error: 'Please complete the CAPTCHA to continue.',
      code: 'IDENTITY.CAPTCHA_REQUIRED',
      details: { requiresCaptcha: true },
    },
    { status: 400, statusText: 'Bad Request' },
  );

type User = ReturnType<typeof userEvent.setup>;

async function openAuth(routes: ApiRoutes = {}) {
  const stub = stubApi({ 'GET /api/user': signedOut, ...routes });
  const view = renderRoute('/auth');
  await screen.findByRole('heading', { level: 1, name: 'Welcome' });
  return { ...stub, ...view };
}

async function signIn(user: User, email: string, password: string) {
  const panel = screen.getByRole('tabpanel');
  if (email) await user.type(within(panel).getByLabelText('Email'), email);
  if (password) await user.type(within(panel).getByLabelText('Password'), password);
  await user.click(within(panel).getByRole('button', { name: 'Sign In' }));
}

async function openSignUpTab(user: User) {
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  return screen.getByRole('tabpanel');
}

async function fillSignUp(user: User, panel: HTMLElement) {
  await user.type(within(panel).getByLabelText('First name (optional)'), 'Bob');
  await user.type(within(panel).getByLabelText('Username'), 'bobby');
  await user.type(within(panel).getByLabelText('Email'), 'bob@example.com');
  await user.type(within(panel).getByLabelText('Password'), 'secret1');
}

describe('/auth page (001 §2)', () => {
  it('welcomes with three steps, the two tabs, the terms notice and a way home', async () => {
    await openAuth();

    const steps = screen.getByRole('list');
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Upload a photo'),
      expect.stringContaining('Write a sentence'),
      expect.stringContaining('Get edits in 20 seconds'),
    ]);
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('lists the Sign Up fields in the page order: first name, last name, username, email, password', async () => {
    const user = userEvent.setup();
    await openAuth();

    const panel = await openSignUpTab(user);

    const labels = within(panel)
      .getAllByRole('textbox')
      .concat(within(panel).getByLabelText('Password'))
      .map((field) => (field as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual(['First name (optional)', 'Last name (optional)', 'Username', 'Email', 'Password']);
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));

    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Username')).toBeInTheDocument();
  });

  it('requires e-mail and password to sign in', async () => {
    const user = userEvent.setup();
    const { requests } = await openAuth();

    await signIn(user, '', '');

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/api/login'))).toBe(false);
  });
});

describe('signing in (000 §8, 001 §4)', () => {
  it('says "Welcome back!" and goes to /dashboard', async () => {
    const user = userEvent.setup();
    const { router, requests } = await openAuth({ 'POST /api/login': () => json(ALICE) });

    await signIn(user, 'alice@example.com', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('Logged in as alice@example.com')).toBeInTheDocument();
    const login = requests.find((request) => request.url.endsWith('/api/login'));
    expect(await login?.json()).toEqual({ email: 'alice@example.com', password: 'secret1' });
    // The shell knows who is signed in without asking again.
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it.each([
    ['pendingSubscription', 'pro', '/api/create-subscription', { tier: 'pro' }],
    ['pendingCreditPack', 'pack7', '/api/purchase-credits', { pack: 'pack7' }],
  ])('goes to /pricing when %s is stored', async (key, value, checkoutPath, body) => {
    localStorage.setItem(key, value);
    const user = userEvent.setup();
    const { router, requests } = await openAuth({
      'POST /api/login': () => json(ALICE),
      // The pricing page starts the stored choice's checkout (001 §4); it stays pending here.
      [`POST ${checkoutPath}`]: () => new Promise<Response>(() => undefined),
    });

    await signIn(user, 'alice@example.com', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    // The choice was kept through sign-in for the pricing page to use.
    let checkout: Request | undefined;
    await waitFor(() => {
      checkout = requests.find((request) => new URL(request.url).pathname === checkoutPath);
      expect(checkout).toBeDefined();
    });
    expect(await checkout?.json()).toEqual(body);
  });

  it('says "Login failed" with the server message and stays', async () => {
    const user = userEvent.setup();
    const { router } = await openAuth({
      'POST /api/login': () =>
        json({ message: 'Invalid email or password', code: 'IDENTITY.INVALID_CREDENTIALS' }, { status: 401, statusText: 'Unauthorized' }),
    });

    await signIn(user, 'alice@example.com', 'wrong-password');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    // The status stays in the error object; the toast shows only the server's sentence.
    expect(screen.getByText('Invalid email or password', { selector: TOAST_DESCRIPTION })).toBeInTheDocument();
    expect(screen.queryByText(/401/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a refused sign-up for a taken e-mail in the form, with "Sign in instead" filling in Sign In', async () => {
    const user = userEvent.setup();
    await openAuth({
      'POST /api/register': () =>
        json(
          { message: 'An account with this email already exists', error: 'An account with this email already exists', code: 'IDENTITY.EMAIL_TAKEN' },
          { status: 409, statusText: 'Conflict' },
        ),
    });
    const panel = await openSignUpTab(user);
    await fillSignUp(user, panel);

    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent('bob@example.com already has an account.');
    await user.click(within(refusal).getByRole('button', { name: 'Sign in instead' }));

    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    const signInPanel = screen.getByRole('tabpanel');
    expect(within(signInPanel).getByLabelText('Email')).toHaveValue('bob@example.com');
    await waitFor(() => expect(within(signInPanel).getByLabelText('Password')).toHaveFocus());
  });

  it('offers "Sign in instead" when the device already has an account (D19/D20)', async () => {
    const user = userEvent.setup();
    await openAuth({
      'POST /api/register': () =>
        json(
          {
            message: 'This device already has an account. Please sign in instead, or contact support.',
            code: 'IDENTITY.CAPTCHA_UNAVAILABLE',
          },
          { status: 403, statusText: 'Forbidden' },
        ),
    });
    const panel = await openSignUpTab(user);
    await fillSignUp(user, panel);

    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent('This device already has an account. Please sign in instead, or contact support.');
    await user.click(within(refusal).getByRole('button', { name: 'Sign in instead' }));
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Email')).toHaveValue('bob@example.com');
  });

  it('after signing in, goes to the app path in ?next= (an example prompt kept through "Sign in instead"), never off the site', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/user': signedOut, 'POST /api/login': () => json(ALICE) });
    const { router } = renderRoute(`/auth?email=alice%40example.com&next=${encodeURIComponent('/dashboard?prompt=add snow falling')}`);
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    await user.type(within(screen.getByRole('tabpanel')).getByLabelText('Password'), 'secret1');
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(new URLSearchParams(router.state.location.search).get('prompt')).toBe('add snow falling');
  });

  it.each(['//evil.example/x', 'https://evil.example/x', '/\\evil.example'])('ignores ?next=%s and goes to /dashboard', async (next) => {
    stubApi({ 'GET /api/user': () => json(ALICE) });
    const { router } = renderRoute(`/auth?next=${encodeURIComponent(next)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('');
  });

  it('a pending plan or pack choice still wins over ?next=', async () => {
    localStorage.setItem('pendingSubscription', 'starter');
    stubApi({ 'GET /api/user': () => json(ALICE) });
    const { router } = renderRoute(`/auth?next=${encodeURIComponent('/dashboard?prompt=x')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('sends a visitor who is already signed in on to /dashboard, or /pricing with a pending choice', async () => {
    stubApi({ 'GET /api/user': () => json(ALICE) });
    const first = renderRoute('/auth');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'));
    first.unmount();

    localStorage.setItem('pendingSubscription', 'starter');
    const second = renderRoute('/auth');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/pricing'));
  });
});

describe('signing up on /auth (001 §3, §4)', () => {
  it('sends the device fingerprint with the registration and moves on once signed in', async () => {
    const user = userEvent.setup();
    const { requests, router } = await openAuth({ 'POST /api/register': () => json(ALICE, { status: 201 }) });
    const panel = await openSignUpTab(user);
    await fillSignUp(user, panel);

    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    const register = requests.find((request) => request.url.endsWith('/api/register'));
    expect(await register?.json()).toEqual({
      firstName: 'Bob',
      username: 'bobby',
      email: 'bob@example.com',
      password: 'secret1',
      deviceFingerprint: FINGERPRINT,
      source: 'signup',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows no captcha until the server asks; then Create Account waits for a captcha token', async () => {
    const widget = stubTurnstile();
    const user = userEvent.setup();
    let attempts = 0;
    const { requests } = await openAuth({
      'GET /api/captcha-config': () => json({ provider: 'turnstile', siteKey: 'site-key-1' }),
      'POST /api/register': () => {
        attempts += 1;
        return attempts === 1 ? CAPTCHA_REQUIRED() : json(ALICE, { status: 201 });
      },
    });
    const panel = await openSignUpTab(user);
    expect(within(panel).queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
    await fillSignUp(user, panel);

    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Please complete the CAPTCHA to continue.', { selector: TOAST_DESCRIPTION })).toBeInTheDocument();
    expect(await within(panel).findByRole('group', { name: 'Security check' })).toBeInTheDocument();
    await waitFor(() => expect(widget.turnstile.render).toHaveBeenCalledTimes(1));
    expect(widget.sitekey).toBe('site-key-1');
    const create = within(panel).getByRole('button', { name: 'Create Account' });
    expect(create).toBeDisabled();

    act(() => widget.solve('token-1'));
    expect(create).toBeEnabled();
    act(() => widget.expire());
    expect(create).toBeDisabled(); // the token is cleared on expiry
    act(() => widget.solve('token-2'));
    act(() => widget.fail());
    expect(create).toBeDisabled(); // ... and on a captcha error
    act(() => widget.solve('token-3'));

    await user.click(create);

    await screen.findByText('Account created!');
    const registrations = requests.filter((request) => request.url.endsWith('/api/register'));
    expect(registrations).toHaveLength(2);
    expect(await registrations[1]?.json()).toMatchObject({ captchaToken: 'token-3', deviceFingerprint: FINGERPRINT });
  });

  it('resets the captcha after a failed attempt, since a token works only once', async () => {
    const widget = stubTurnstile();
    const user = userEvent.setup();
    const { requests } = await openAuth({
      'GET /api/captcha-config': () => json({ provider: 'turnstile', siteKey: 'site-key-1' }),
      'POST /api/register': CAPTCHA_REQUIRED,
    });
    const panel = await openSignUpTab(user);
    await fillSignUp(user, panel);
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(widget.turnstile.render).toHaveBeenCalled());
    act(() => widget.solve('token-1'));

    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(widget.turnstile.reset).toHaveBeenCalledWith('widget-1'));
    expect(within(panel).getByRole('button', { name: 'Create Account' })).toBeDisabled();
    expect(requests.filter((request) => request.url.endsWith('/api/register'))).toHaveLength(2);
  });

  it('shows the server message when no captcha provider is configured', async () => {
    const user = userEvent.setup();
    await openAuth({
      'GET /api/captcha-config': () => json({ provider: null, siteKey: null }),
      'POST /api/register': CAPTCHA_REQUIRED,
    });
    const panel = await openSignUpTab(user);
    await fillSignUp(user, panel);

    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    const group = await within(panel).findByRole('group', { name: 'Security check' });
    expect(await within(group).findByRole('alert')).toHaveTextContent('Please complete the CAPTCHA to continue.');
  });

  it('says "Failed to load CAPTCHA" when the Turnstile script cannot load', async () => {
    const user = userEvent.setup();
    await openAuth({
      'GET /api/captcha-config': () => json({ provider: 'turnstile', siteKey: 'site-key-1' }),
      'POST /api/register': CAPTCHA_REQUIRED,
    });
    const panel = await openSignUpTab(user);
    await fillSignUp(user, panel);
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));

    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SCRIPT_URL}"]`);
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });

    expect(await within(panel).findByText('Failed to load CAPTCHA')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });
});
