import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { userBody } from '../../../test/contract-answers';

const ID = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';

const EDIT = {
  id: ID,
  prompt: '"make it snow"',
  style: 'realistic',
  timestamp: '2030-06-01T12:00:00.000Z',
  laughCount: 3,
  imageUrl: `/api/images/${ID}`,
  originalUrl: `/api/images/${ID}/original`,
  originalRenditions: [{ url: `/api/images/${ID}/renditions/original-640-aaaaaaaaaaaaaaaa.webp`, width: 640, height: 427 }],
  generatedRenditions: [{ url: `/api/images/${ID}/renditions/generated-640-bbbbbbbbbbbbbbbb.webp`, width: 640, height: 427 }],
  visibility: 'public',
  isOwner: false,
  model: 'black-forest-labs/flux-kontext-max',
};

const PAT = userBody({ id: 'u-7', email: 'pat@example.com', username: 'pat' });

function openShare(routes: ApiRoutes) {
  const stub = stubApi({ 'GET /api/user': signedOut, 'GET /api/user/credits': () => json({ balance: 2, regular: 0, watermarked: 2 }), ...routes });
  const view = renderRoute(`/share/${ID}`);
  return { ...stub, ...view };
}

function description(): string | null {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
}

/** Issue 15: an edit's public share page. */
describe('the share page /share/{id}', () => {
  it('shows a public edit: the prompt quoted once, before and after, its laughs, and its title and description', async () => {
    openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
    });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^\u201cmake it snow\u201d$/);
    expect(screen.getByText('Made with Magic Editor')).toBeInTheDocument();
    const before = screen.getByRole('img', { name: 'The photo before the edit' });
    const after = screen.getByRole('img', { name: 'AI-edited: "make it snow"' });
    expect(before).toHaveAttribute('src', EDIT.originalRenditions[0]!.url);
    expect(after).toHaveAttribute('src', EDIT.generatedRenditions[0]!.url);
    // D42: the edited image is labelled "AI-edited"; the photo before the edit is not.
    expect(aiEditedBadgeOn(after)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(aiEditedBadgeOn(before)).toBeNull();
    expect(screen.getAllByText('AI-edited')).toHaveLength(1);
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Laugh, 3 laughs' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(/only you can see/i)).not.toBeInTheDocument();

    await waitFor(() => expect(document.title).toBe('\u201cmake it snow\u201d · Magic Editor'));
    expect(description()).toContain('\u201cmake it snow\u201d');
  });

  it('renders a prompt that holds markup as text', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, prompt: '<img src=x onerror=alert(1)> add snow' }) });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('\u201c<img src=x onerror=alert(1)> add snow\u201d');
    expect(heading.querySelector('img')).toBeNull();
  });

  it('laughs with this browser, the count going up at once', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/add-laugh`]: async (request) => {
        sent = await request.json();
        return json({ laughCount: 4, hasLaughed: true });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Laugh, 3 laughs' }));

    const laughed = await screen.findByRole('button', { name: 'Laugh, 4 laughs' });
    expect(laughed).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toEqual({ userIdentifier: expect.stringMatching(/^anon_/) });
  });

  it('puts the count back when the laugh fails', async () => {
    const user = userEvent.setup();
    openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/add-laugh`]: () => json({ message: 'Too many laughs', error: 'Too Many Requests' }, { status: 429 }),
    });

    await user.click(await screen.findByRole('button', { name: 'Laugh, 3 laughs' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Laugh, 3 laughs' })).toHaveAttribute('aria-pressed', 'false'));
  });

  it('signed out, "Make your own" opens the sign-up dialog', async () => {
    const user = userEvent.setup();
    openShare({ [`GET /api/images/${ID}/share`]: () => json(EDIT) });

    await user.click(await screen.findByRole('button', { name: 'Make your own' }));

    expect(await screen.findByRole('dialog', { name: 'Create your free account' })).toBeInTheDocument();
  });

  it('signed in, "Make your own" goes to the editor', async () => {
    openShare({ 'GET /api/user': () => json(PAT), [`GET /api/images/${ID}/share`]: () => json(EDIT) });

    expect(await screen.findByRole('link', { name: 'Make your own' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the loading state until the edit arrives', async () => {
    // Made before the request, so that releasing it cannot come before the request is sent.
    let release: (response: Response) => void = () => undefined;
    const answer = new Promise<Response>((resolve) => (release = resolve));
    openShare({ [`GET /api/images/${ID}/share`]: () => answer });

    expect(await screen.findByText('Loading the edit...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    release(json(EDIT));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('make it snow');
  });

  it('says an edit it may not see is not available, giving nothing of it away', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ message: 'Image not found', error: 'Not Found', code: 'IMAGE.NOT_FOUND' }, { status: 404 }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'This edit is not available' })).toBeInTheDocument();
    expect(screen.getByText(/It may be private, or it may have been deleted/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Hall of Fame instead' })).toHaveAttribute('href', '/leaderboard');
    expect(screen.getByRole('button', { name: 'Make your own' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Laugh/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Edit not available · Magic Editor'));
  });

  it('shows an error with Try again when the edit cannot be loaded, and loads it on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    openShare({
      [`GET /api/images/${ID}/share`]: () =>
        fail ? json({ message: 'Database unavailable', error: 'Service Unavailable' }, { status: 503 }) : json(EDIT),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this edit' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: '\u201cmake it snow\u201d' })).toBeInTheDocument();
  });

  it("tells the owner of a private edit that only they can see it, and lets them make it public", async () => {
    const user = userEvent.setup();
    let visibility = 'private';
    openShare({
      'GET /api/user': () => json(PAT),
      [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, visibility, isOwner: true }),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/visibility`]: () => {
        visibility = 'public';
        return json({ id: ID, isPublic: true });
      },
    });

    expect(await screen.findByText(/This edit is private: only you can see this page/)).toBeInTheDocument();
    // A private edit is not laughed at from its share page.
    expect(screen.queryByRole('button', { name: /^Laugh/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make it public' }));

    expect(await screen.findByRole('button', { name: 'Laugh, 3 laughs' })).toBeInTheDocument();
    expect(screen.queryByText(/only you can see this page/)).not.toBeInTheDocument();
  });

  it('tells the owner of an edit a moderator hid, with no way to publish it', async () => {
    openShare({ 'GET /api/user': () => json(PAT), [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, visibility: 'hidden', isOwner: true }) });

    const notice = await screen.findByText(/A moderator has hidden this edit/);
    expect(within(notice.parentElement!).queryByRole('button')).not.toBeInTheDocument();
  });
});

/** The Content Credentials section's rows, as "term: value". */
function credentialRows(): string[] {
  const section = screen.getByRole('region', { name: 'Content Credentials' });
  return within(section)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
}

/** D42 (EU AI Act Art. 50): the share page says the image is AI-edited and what its content credentials say. */
describe('the share page\'s Content Credentials', () => {
  it('says it was made with Magic Editor, by which model, when, from an uploaded photo, and where to check', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json(EDIT) });

    const section = await screen.findByRole('region', { name: 'Content Credentials' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Content Credentials' })).toBeInTheDocument();
    expect(credentialRows()).toEqual([
      'Made with: Magic Editor',
      'Model: FLUX.1 Kontext [max] (Black Forest Labs)',
      'When: June 1, 2030',
      'Edited from: an uploaded photo',
    ]);
    // The date as the page's header writes it, with the machine-readable time.
    expect(within(section).getByText('June 1, 2030')).toHaveAttribute('datetime', EDIT.timestamp);
    expect(screen.getByText(/^Made/, { selector: 'p span' })).toHaveTextContent('Made June 1, 2030');

    const note = within(section).getByText(/^The image file carries/);
    expect(note).toHaveTextContent(
      'The image file carries C2PA Content Credentials that say it was edited with AI. Check them at contentcredentials.org/verify',
    );
    const link = within(section).getByRole('link', { name: /^contentcredentials\.org\/verify\W+opens in a new tab\W*$/ });
    expect(link).toHaveAttribute('href', 'https://contentcredentials.org/verify');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['black-forest-labs/flux-kontext-max', 'FLUX.1 Kontext [max] (Black Forest Labs)'],
    ['black-forest-labs/flux-kontext-pro', 'FLUX.1 Kontext [pro] (Black Forest Labs)'],
    ['black-forest-labs/flux-2-pro', 'FLUX.2 [pro] (Black Forest Labs)'],
    ['google/nano-banana', 'Nano Banana (Google)'],
    ['local-engine', "Magic Editor's on-device engine"],
    // An id the page does not know is shown as it is.
    ['acme/new-model', 'acme/new-model'],
  ])('names the model %s "%s"', async (model, name) => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, model }) });

    await screen.findByRole('region', { name: 'Content Credentials' });
    expect(credentialRows()).toContain(`Model: ${name}`);
  });

  it.each([
    ['null', { model: null }],
    ['missing', { model: undefined }],
    ['not a string', { model: 42 }],
    ['empty', { model: '  ' }],
  ])('leaves the Model row out when the model is %s', async (_case, fields) => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, ...fields }) });

    await screen.findByRole('region', { name: 'Content Credentials' });
    expect(credentialRows()).toEqual(['Made with: Magic Editor', 'When: June 1, 2030', 'Edited from: an uploaded photo']);
  });

  it('leaves the When row out without a readable timestamp, and says "AI-edited image" without a prompt', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, prompt: '', timestamp: 'not a date' }) });

    await screen.findByRole('region', { name: 'Content Credentials' });
    expect(credentialRows()).toEqual(['Made with: Magic Editor', 'Model: FLUX.1 Kontext [max] (Black Forest Labs)', 'Edited from: an uploaded photo']);
    expect(aiEditedBadgeOn(screen.getByRole('img', { name: 'AI-edited image' }))).not.toBeNull();
  });

  it('is shown to the owner of a private edit too', async () => {
    openShare({ 'GET /api/user': () => json(PAT), [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, visibility: 'private', isOwner: true }) });

    expect(await screen.findByRole('region', { name: 'Content Credentials' })).toBeInTheDocument();
    expect(screen.getByText(/This edit is private/)).toBeInTheDocument();
  });

  it('is not there while the edit loads, when it cannot be loaded, or when it is not available', async () => {
    let release: (response: Response) => void = () => undefined;
    const answer = new Promise<Response>((resolve) => (release = resolve));
    openShare({ [`GET /api/images/${ID}/share`]: () => answer });

    expect(await screen.findByText('Loading the edit...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Content Credentials' })).not.toBeInTheDocument();
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
    release(json({ message: 'Database unavailable', error: 'Service Unavailable' }, { status: 503 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this edit' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Content Credentials' })).not.toBeInTheDocument();
  });

  it('has no accessibility faults axe can find (WCAG 2.1 A/AA), the badge and the section included', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json(EDIT), [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }) });
    await screen.findByRole('region', { name: 'Content Credentials' });

    const page = screen.getByRole('article');
    const result = await axe.run(page, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // jsdom draws nothing: contrast is checked by the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

/** D43: Report on a public edit's share page, near its Content Credentials. */
describe('Report on the share page', () => {
  it('offers Report under the Content Credentials of someone else\'s public edit, and reports this edit', async () => {
    const user = userEvent.setup();
    const { requests } = openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/report`]: () =>
        json({ id: 'r-1', imageId: ID, reason: 'ncii', status: 'open', createdAt: '2030-06-02T12:00:00.000Z', hiddenPendingReview: true }, { status: 201 }),
    });

    const credentials = await screen.findByRole('region', { name: 'Content Credentials' });
    const report = screen.getByRole('button', { name: 'Report image' });
    expect(report).toHaveTextContent('Report');
    expect(screen.getByText('Something wrong with this image?')).toBeInTheDocument();
    // Right after the credentials, before "Make your own".
    expect(credentials.compareDocumentPosition(report) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(report.compareDocumentPosition(screen.getByRole('button', { name: 'Make your own' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report this image' });
    await user.click(within(dialog).getByRole('radio', { name: 'Intimate image shared without consent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText("Thank you. We'll review this image within 48 hours.")).toBeInTheDocument();
    expect(screen.getByText('It is hidden from the site until then.')).toBeInTheDocument();
    const sent = requests.filter((request) => request.method === 'POST' && new URL(request.url).pathname === `/api/images/${ID}/report`);
    expect(sent).toHaveLength(1);
    expect(await sent[0]!.json()).toEqual({ reason: 'ncii' });
  });

  it('offers no Report to the owner of the edit, public or not', async () => {
    openShare({
      'GET /api/user': () => json(PAT),
      [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, isOwner: true }),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
    });

    await screen.findByRole('region', { name: 'Content Credentials' });
    expect(screen.queryByRole('button', { name: 'Report image' })).not.toBeInTheDocument();
  });

  it('offers no Report on an edit that is not public (an admin looking at a private one)', async () => {
    openShare({ 'GET /api/user': () => json(PAT), [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, visibility: 'private', isOwner: false }) });

    await screen.findByRole('region', { name: 'Content Credentials' });
    expect(screen.queryByRole('button', { name: 'Report image' })).not.toBeInTheDocument();
  });
});
