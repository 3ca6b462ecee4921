import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signedOut, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { EXAMPLE_PROMPTS } from '../lib/landing-copy';
import { MEMBER, deferred, findHero, region, signedIn, stubLanding } from './landing-test-kit';
import { userBody } from '../../../test/contract-answers';
import { destination } from '../../../test/router';

const NEW_USER = userBody({ ...MEMBER, id: '12', email: 'new@example.com', username: 'newbie', emailVerified: false });

function exampleButton(prompt: string) {
  return within(region('Try Prompts Like These')).getByRole('button', { name: new RegExp(prompt) });
}

function promptIn(search: string): string | null {
  return new URLSearchParams(search).get('prompt');
}

/** A visitor whose sign-up succeeds: signed out until POST /api/register, then NEW_USER. */
function registeringVisitor(): ApiRoutes {
  let registered = false;
  return {
    'GET /api/user': (request) => (registered ? json(NEW_USER) : signedOut(request)),
    'POST /api/register': () => {
      registered = true;
      return json(NEW_USER, { status: 201 });
    },
  };
}

/** Fills in the sign-up dialog and presses Create Account. */
async function signUp(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, email: string, username: string) {
  await user.type(within(dialog).getByLabelText('Email'), email);
  await user.type(within(dialog).getByLabelText('Username'), username);
  await user.type(within(dialog).getByLabelText('Password'), 'secret12');
  await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
}

describe('example prompts (issue 15: they look clickable, so they are)', () => {
  it('offers every example as a button', async () => {
    stubLanding();
    renderRoute('/');
    await findHero();

    for (const example of EXAMPLE_PROMPTS) expect(exampleButton(example.prompt)).toHaveAttribute('type', 'button');
  });

  it('opens the editor with the prompt written in for a signed-in user', async () => {
    stubLanding({ 'GET /api/user': signedIn });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Members Area' });

    await user.click(exampleButton('add snow falling'));

    await waitFor(() => expect(destination(router)).toBe('/dashboard'));
    expect(promptIn(router.state.location.search)).toBe('add snow falling');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has a visitor sign up first, then lands in the editor with the prompt', async () => {
    stubLanding(registeringVisitor());
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Member Login' });

    await user.click(exampleButton('make the lighting more dramatic'));

    const dialog = await screen.findByRole('dialog', { name: 'Create your free account' });
    expect(router.state.location.pathname).toBe('/');
    await signUp(user, dialog, 'new@example.com', 'newbie');

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    await waitFor(() => expect(destination(router)).toBe('/dashboard'), { timeout: 2500 });
    expect(promptIn(router.state.location.search)).toBe('make the lighting more dramatic');
  });

  it('keeps the prompt when the sign-up is refused and the visitor signs in instead', async () => {
    stubLanding({
      'GET /api/user': signedOut,
      'POST /api/register': () =>
        json({ message: 'An account with this email already exists', code: 'IDENTITY.EMAIL_TAKEN' }, { status: 409, statusText: 'Conflict' }),
      'POST /api/login': () => json(MEMBER),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Member Login' });

    await user.click(exampleButton('make the lighting more dramatic'));
    const dialog = await screen.findByRole('dialog', { name: 'Create your free account' });
    await signUp(user, dialog, 'taken@example.com', 'taken');
    await user.click(within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Sign in instead' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    const panel = await screen.findByRole('tabpanel');
    await user.type(within(panel).getByLabelText('Password'), 'secret12');
    await user.click(within(panel).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(destination(router)).toBe('/dashboard'));
    expect(promptIn(router.state.location.search)).toBe('make the lighting more dramatic');
  });

  it('goes to plain /dashboard after "Get Started For FREE", with no prompt', async () => {
    stubLanding(registeringVisitor());
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Member Login' });
    // An example first, then closed: its prompt must not stick to the next sign-up.
    await user.click(exampleButton('add snow falling'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Get Started For FREE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create your free account' });
    await signUp(user, dialog, 'new@example.com', 'newbie');

    await waitFor(() => expect(destination(router)).toBe('/dashboard'), { timeout: 2500 });
    expect(router.state.location.search).toBe('');
  });

  it('remembers an example clicked while sign-in is still loading', async () => {
    const answer = deferred();
    stubLanding({ 'GET /api/user': answer.handler });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await findHero();

    const example = exampleButton('turn it into a vintage sepia photo');
    await user.click(example);
    expect(example).toHaveAttribute('aria-busy', 'true');

    answer.resolve(json(MEMBER));
    await waitFor(() => expect(destination(router)).toBe('/dashboard'));
    expect(promptIn(router.state.location.search)).toBe('turn it into a vintage sepia photo');
  });
});
