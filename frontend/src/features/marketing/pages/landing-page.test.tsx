import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { json, signedOut } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { MEMBER, deferred, findHero, region, renderLanding, signedIn, stubLanding } from './landing-test-kit';
import { userBody } from '../../../test/contract-answers';
import { destination } from '../../../test/router';

/** 000 §2 "Sections in order", by the headings this page gives them. */
const SECTION_ORDER = [
  'Edit any photo with one sentence',
  'How It Works',
  'Try Prompts Like These',
  'Live From the Community',
  'Everything You Need for Funny Edits',
  'See It in Action',
  'What People Make With It',
  'Video Magic Is Coming Soon',
  'Frequently Asked Questions',
  'Ready to Make Your First Edit?',
];

const VERIFIED_USER = userBody({ id: '5', email: 'dana@example.com', username: 'dana' });

function toaster() {
  return screen.findByRole('region', { name: /Notifications/ });
}

describe('landing page arrival parameters (000 §2, §8, §9)', () => {
  it.each([
    [
      '/?verified=true&credits=2',
      'success',
      'Email Verified Successfully!',
      'Welcome! You now have 2 free watermarked credits to start editing.',
      5000,
    ],
    ['/?verified=true&credits=5', 'success', 'Email Verified Successfully!', 'Welcome! You now have 5 free watermarked credits to start editing.', 5000],
    ['/?verified=true', 'success', 'Email Verified Successfully!', 'Welcome! You now have 2 free watermarked credits to start editing.', 5000],
    [
      '/?error=invalid-token',
      'error',
      'Verification Failed',
      'Invalid or expired verification link. Please request a new confirmation email.',
      5000,
    ],
    ['/?error=missing-token', 'error', 'Verification Failed', 'Invalid verification link format.', 5000],
    ['/?error=server-error', 'error', 'Verification Failed', 'Email verification failed. Please try again.', 5000],
    [
      '/?info=already-verified',
      'info',
      'Already Verified',
      'Your email has already been verified. You can start using your credits!',
      3000,
    ],
  ] as const)('%s shows a %s toast "%s", then the address becomes /', async (path, kind, title, description, duration) => {
    stubLanding();
    const spies = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error'), info: vi.spyOn(toast, 'info') };

    const { router } = renderRoute(path);

    const region = await toaster();
    expect(await within(region).findByText(title)).toBeInTheDocument();
    expect(within(region).getByText(description)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    // Replaced, not pushed: Back does not return to the parameters.
    expect(router.state.historyAction).toBe('REPLACE');
    // Destructive failures go through toast.error; each toast shows once, for its own duration.
    expect(spies[kind]).toHaveBeenCalledTimes(1);
    expect(spies[kind]).toHaveBeenCalledWith(title, expect.objectContaining({ description, duration }));
  });

  it('shows no toast and keeps the address without those parameters', async () => {
    stubLanding();

    const { router } = renderRoute('/?utm_source=newsletter');

    await screen.findByRole('heading', { level: 1, name: 'Edit any photo with one sentence' });
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?utm_source=newsletter');
  });

  it('takes a signed-in user to the editor 1 s after a successful verification', async () => {
    stubLanding({ 'GET /api/user': () => json(VERIFIED_USER) });

    const { router } = renderRoute('/?verified=true&credits=2');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(destination(router)).toBe('/dashboard'), { timeout: 2000 });
  });

  it('leaves a signed-out visitor on the landing page after a successful verification', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubLanding();

    const { router } = renderRoute('/?verified=true');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Past the 1 s after which a signed-in user is taken to the editor, on the fake clock.
    await vi.advanceTimersByTimeAsync(1500);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('landing page sections (000 §2)', () => {
  it('shows one h1 and the sections of 000 §2 in their order', async () => {
    stubLanding();

    renderRoute('/');

    await findHero();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The live card (from the community feature) may bring regions of its own: keep ours only.
    const names = within(main)
      .getAllByRole('region')
      .map((section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
      .filter((name) => SECTION_ORDER.includes(name));
    expect(names).toEqual(SECTION_ORDER);
  });

  it('shows How It Works in 3 steps and the editor\'s example prompts', async () => {
    stubLanding();

    renderRoute('/');

    await findHero();
    const steps = within(region('How It Works')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Step 1: Upload a photo',
      'Step 2: Write a sentence',
      'Step 3: Get magic edits',
    ]);
    const examples = region('Try Prompts Like These');
    for (const prompt of [
      'change the background to a beach at sunset',
      'put the girl in a black dress',
      'remove the person on the left',
      'add snow falling',
      'make the lighting more dramatic',
    ]) {
      expect(within(examples).getByText(prompt)).toBeInTheDocument();
    }
  });

  it('renders the live community card it is given inside the live community section', async () => {
    stubLanding();

    renderLanding(<p>Live card stand-in</p>);

    await findHero();
    const live = region('Live From the Community');
    expect(within(live).getByText('Live card stand-in')).toBeInTheDocument();
  });

  it('links to the Hall of Fame when there is no live card to show', async () => {
    stubLanding();

    renderLanding(undefined);

    await findHero();
    const live = region('Live From the Community');
    expect(within(live).getByRole('link', { name: /Hall of Fame/ })).toHaveAttribute('href', '/leaderboard');
  });

  it('gives every picture of the hero its size and a text alternative', async () => {
    stubLanding();

    renderRoute('/');

    await findHero();
    const hero = within(region('Edit any photo with one sentence')).getAllByRole('img').filter((element) => element.tagName === 'IMG');
    expect(hero).toHaveLength(2);
    for (const picture of hero) {
      expect(picture).toHaveAttribute('width');
      expect(picture).toHaveAttribute('height');
      expect(picture.getAttribute('alt')).not.toBe('');
    }
  });
});

describe('the hero promises what the active engine does (issue 15)', () => {
  const engineAnswer = (engine: 'local' | 'replicate') => () =>
    json({ engine, suggestions: [{ prompt: 'add snow falling', supported: true }], capabilities: engine === 'local' ? [{ name: 'snow falling', example: 'add snow falling' }] : null });
  const pitch = () => within(region('Edit any photo with one sentence')).getByText(/^Upload a photo/);

  it('with the AI model: outfits and removals, in 10-20 seconds', async () => {
    stubLanding({ 'GET /api/generation/capabilities': engineAnswer('replicate') });

    renderRoute('/');

    await findHero();
    await waitFor(() => expect(pitch()).toHaveTextContent('change an outfit'));
    expect(pitch()).toHaveTextContent('remove something');
    expect(pitch()).toHaveTextContent('AI-edited image back in about 10-20 seconds');
    expect(within(region('Edit any photo with one sentence')).getByText('AI photo editor')).toBeInTheDocument();
  });

  it('with the local engine: background swaps and blur, snow, a caption, a cartoon; no outfits, no removals', async () => {
    const { requests } = stubLanding({ 'GET /api/generation/capabilities': engineAnswer('local') });

    renderRoute('/');

    await findHero();
    await waitFor(() => expect(requests.some((r) => new URL(r.url).pathname === '/api/generation/capabilities')).toBe(true));
    expect(pitch()).toHaveTextContent('put yourself on a beach at sunset, blur the background, add snow or a caption, or make it a cartoon');
    expect(pitch()).toHaveTextContent('Verify your e-mail and your first 2 edits are free.');
    for (const promise of [/outfit/i, /remove something/i, /AI-edited/i, /10-20 seconds/]) expect(pitch()).not.toHaveTextContent(promise);
    expect(within(region('Edit any photo with one sentence')).queryByText('AI photo editor')).not.toBeInTheDocument();
  });

  it('while the engine is unknown (or its answer fails), promises only what both engines do', async () => {
    stubLanding({ 'GET /api/generation/capabilities': () => json({ message: 'down' }, { status: 500 }) });

    renderRoute('/');

    await findHero();
    expect(pitch()).toHaveTextContent('blur the background');
    expect(pitch()).not.toHaveTextContent(/outfit/i);
  });
});

describe('example prompts and the active engine (issue 15)', () => {
  const answer = (engine: 'local' | 'replicate') => () =>
    json({
      engine,
      suggestions: [
        { prompt: 'change the background to a beach at sunset', supported: true },
        { prompt: 'put the girl in a black dress', supported: engine === 'replicate' },
        { prompt: 'remove the person on the left', supported: engine === 'replicate' },
        { prompt: 'add snow falling', supported: true },
        { prompt: 'make the lighting more dramatic', supported: true },
        { prompt: 'turn it into a vintage sepia photo', supported: true },
      ],
      capabilities: engine === 'local' ? [{ name: 'snow falling', example: 'add snow falling' }] : null,
    });
  const cards = () => within(region('Try Prompts Like These')).getAllByRole('button');

  it('with the local engine, marks the two it cannot do "needs the AI model" and shows them last', async () => {
    stubLanding({ 'GET /api/generation/capabilities': answer('local') });
    renderRoute('/');
    await findHero();

    await waitFor(() => expect(cards().at(-1)).toHaveAccessibleName(/remove the person on the left/));
    const names = cards().map((card) => card.textContent ?? '');
    expect(names.slice(0, 4).some((name) => /needs the AI model/.test(name))).toBe(false);
    expect(cards().at(-2)).toHaveAccessibleName(/Outfit change needs the AI model .*put the girl in a black dress/);
    expect(cards().at(-1)).toHaveAccessibleName(/Object removal needs the AI model .*remove the person on the left/);
  });

  it('with the AI model, marks none and keeps the spec order', async () => {
    const { requests } = stubLanding({ 'GET /api/generation/capabilities': answer('replicate') });
    renderRoute('/');
    await findHero();
    await waitFor(() => expect(requests.some((r) => new URL(r.url).pathname === '/api/generation/capabilities')).toBe(true));

    expect(cards().map((card) => card.textContent)).not.toContainEqual(expect.stringMatching(/needs the AI model/));
    expect(cards()[1]).toHaveAccessibleName(/put the girl in a black dress/);
    expect(cards()[2]).toHaveAccessibleName(/remove the person on the left/);
  });
});

describe('Watch Demo (000 §2)', () => {
  it('scrolls smoothly to the demo section and moves focus to its heading', async () => {
    stubLanding();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    const user = userEvent.setup();

    renderRoute('/');
    await findHero();

    await user.click(screen.getByRole('button', { name: 'Watch Demo' }));

    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('demo'));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(screen.getByRole('heading', { level: 2, name: 'See It in Action' })).toHaveFocus();
  });

  it('jumps without animation when reduced motion is preferred', async () => {
    stubLanding();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('prefers-reduced-motion: reduce'), media: query })),
    );
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    const user = userEvent.setup();

    renderRoute('/');
    await findHero();

    await user.click(screen.getByRole('button', { name: 'Watch Demo' }));

    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});

describe('calls to action by sign-in state (000 §2)', () => {
  it.each(['Get Started For FREE', 'Start Editing For FREE'])(
    '"%s" opens the sign-up dialog for a signed-out visitor',
    async (name) => {
      stubLanding();
      const user = userEvent.setup();
      const { router } = renderRoute('/');
      await screen.findByRole('link', { name: 'Member Login' });

      await user.click(screen.getByRole('button', { name }));

      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveAccessibleName('Create your free account');
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it.each(['Get Started For FREE', 'Open Magic Editor'])('"%s" takes a signed-in user to /dashboard', async (name) => {
    stubLanding({ 'GET /api/user': signedIn });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Members Area' });

    await user.click(screen.getByRole('button', { name }));

    await waitFor(() => expect(destination(router)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('remembers a click made while sign-in is still loading and opens sign-up once it is known', async () => {
    const answer = deferred();
    stubLanding({ 'GET /api/user': answer.handler });
    const user = userEvent.setup();
    renderRoute('/');
    await findHero();
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    const start = screen.getByRole('button', { name: 'Get Started For FREE' });
    await user.click(start);

    expect(start).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer.resolve(signedOut(new Request('http://localhost/api/user')) as Response);
    expect(await screen.findByRole('dialog', { name: 'Create your free account' })).toBeInTheDocument();
  });

  it('sends a member who clicked while sign-in was loading to /dashboard, without the dialog', async () => {
    const answer = deferred();
    stubLanding({ 'GET /api/user': answer.handler });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await findHero();

    await user.click(screen.getByRole('button', { name: 'Get Started For FREE' }));
    answer.resolve(json(MEMBER));

    await waitFor(() => expect(destination(router)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('video coming soon (000 §1-§2)', () => {
  it('opens the sign-up dialog in its video waitlist mode', async () => {
    stubLanding();
    const user = userEvent.setup();
    renderRoute('/');
    await screen.findByRole('link', { name: 'Member Login' });

    await user.click(within(region('Video Magic Is Coming Soon')).getByRole('button', { name: 'Join Video Waitlist' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Be First for Video Magic!');
    expect(within(dialog).getByRole('button', { name: 'Join Video Waitlist' })).toBeInTheDocument();
  });

  it('offers a member the editor instead of a second account', async () => {
    stubLanding({ 'GET /api/user': signedIn });
    renderRoute('/');
    await screen.findByRole('link', { name: 'Members Area' });

    const video = region('Video Magic Is Coming Soon');
    expect(within(video).queryByRole('button', { name: 'Join Video Waitlist' })).not.toBeInTheDocument();
    expect(within(video).getByRole('link', { name: 'Edit Photos Now' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('FAQ (000 §2)', () => {
  it.each([
    ['Is there a limit on how many edits I can make?', /no limit on the number of edits/],
    ['What happens to my photos?', /processed privately and are never used to train AI models/],
    ['How long does an edit take?', /about 10-20 seconds/],
    ['Which photos can I upload?', /JPG and PNG/],
    ['Can I use my edits commercially?', /commercial use is allowed/],
  ])('"%s" opens to its answer', async (question, answer) => {
    stubLanding();
    const user = userEvent.setup();
    renderRoute('/');
    await findHero();
    const faq = region('Frequently Asked Questions');
    const text = within(faq).getByText(answer);
    expect(text).not.toBeVisible();

    await user.click(within(faq).getByText(question));

    expect(text).toBeVisible();
    expect(text.closest('details')).toHaveAttribute('open');
  });
});
