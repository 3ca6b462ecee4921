import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiAnswer, ApiSchema } from '../../../shared/api/contract';
import { heldAnswer, json, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { expectFocus } from '../../../test/focus';
import { findToastDescription, findToastTitle } from '../../../test/toasts';
import { SOURCE_NOT_FOUND_MESSAGE } from '../lib/generation-errors';
import { GENERATED, PAT, calls, generateButton, goToPrompt, goToResults, openEditor, promptField, stubObjectUrls } from '../pages/editor-test-kit';
import { HISTORY_FAILED_TITLE, HISTORY_LOADING_TITLE, HISTORY_NOT_FOUND_TITLE } from './history-status';

afterEach(() => {
  vi.useRealTimers();
});

type Answer = ApiAnswer<'/api/generate', 'post'>;
type Version = ApiSchema<'ImageVersionResponse'>;

function answer(id: string): Answer {
  return { ...GENERATED, id, imageUrl: `/api/images/${id}`, originalUrl: `/api/images/${id}/original`, downloadUrl: `/api/images/${id}/download` };
}

/** POST /api/generate answering v1, v2, v3… in turn. */
function numbered() {
  let made = 0;
  return () => {
    made += 1;
    return json(answer(`v${made}`));
  };
}

function historyVersion(id: string, parentImageId: string | null, prompt: string): Version {
  return {
    id,
    parentImageId,
    rootImageId: 'h1',
    variantGroupId: null,
    prompt,
    style: 'realistic',
    seed: 7,
    model: 'local',
    watermarked: false,
    isPublic: false,
    createdAt: '2030-06-01T12:00:00.000Z',
    imageUrl: `/api/images/${id}`,
    originalUrl: `/api/images/${id}/original`,
    downloadUrl: `/api/images/${id}/download`,
    originalRenditions: [],
    generatedRenditions: [],
  };
}

const HISTORY: ApiAnswer<'/api/images/{id}/history', 'get'> = {
  chain: [historyVersion('h1', null, 'add snow falling'), historyVersion('h2', 'h1', 'make it black and white')],
  children: [],
};

function versions() {
  return screen.getByRole('region', { name: 'Versions' });
}

function versionButtons() {
  return within(versions()).getAllByRole('button').filter((button) => !['Undo', 'Redo'].includes(button.textContent ?? ''));
}

function currentVersionName(): string | null {
  const current = within(versions()).getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'true');
  return current ? (current.textContent ?? null) : null;
}

function resultImage(prompt: string) {
  return within(screen.getByRole('region', { name: 'Download Results' })).getByRole('img', { name: `AI-edited: ${prompt}` });
}

/** From an empty editor: v1 ("add snow falling"), then "Edit this result" and v2 ("make it black and white"). */
async function chainOfTwo(user: ReturnType<typeof userEvent.setup>) {
  await goToResults(user);
  await user.click(screen.getByRole('button', { name: 'Edit this result' }));
  await screen.findByRole('heading', { level: 2, name: 'Add Prompt' });
  await user.click(screen.getByRole('button', { name: 'make it black and white' }));
  await user.click(generateButton());
  await screen.findByRole('heading', { level: 2, name: 'Download Results' });
}

function openAt(path: string, routes: ApiRoutes) {
  stubObjectUrls();
  const stub = stubApi({
    'GET /api/user': () => json(PAT),
    'GET /api/user/credits': () => json({ balance: 3, regular: 3, watermarked: 0 }),
    'GET /api/community/recent': () => json([]),
    ...routes,
  });
  return { ...stub, ...renderRoute(path) };
}

describe('edit the result again (issue 26, D38)', () => {
  it('goes back to the prompt with the result as the photo, and Generate sends its id instead of a file', async () => {
    const user = userEvent.setup();
    const { requests, router } = await openEditor({ 'POST /api/generate': numbered() });
    await goToResults(user);
    await waitFor(() => expect(router.state.location.search).toBe('?image=v1'));

    await user.click(screen.getByRole('button', { name: 'Edit this result' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your photo: Version 1' })).toHaveAttribute('src', '/api/images/v1');
    expect(promptField()).toHaveValue('');
    await user.type(promptField(), 'make it black and white');
    await user.click(generateButton());

    await screen.findByRole('heading', { level: 2, name: 'Download Results' });
    const [first, second] = await Promise.all(calls(requests, 'POST', '/api/generate').map((request) => request.formData()));
    expect(first!.has('image')).toBe(true);
    expect(first!.has('sourceImageId')).toBe(false);
    expect(second!.get('sourceImageId')).toBe('v1');
    expect(second!.has('image')).toBe(false);
    expect(second!.get('prompt')).toBe('make it black and white');
    expect(second!.has('variants')).toBe(false);
    expect(second!.has('mask')).toBe(false);
    // The address names the version on screen (replaced: no new page in the browser's history).
    await waitFor(() => expect(router.state.location.search).toBe('?image=v2'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(resultImage('make it black and white')).toHaveAttribute('src', '/api/images/v2');
  });

  it('Back on the prompt of a version returns to that version, not to Choose Editor', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': numbered() });
    await goToResults(user);
    await user.click(screen.getByRole('button', { name: 'Edit this result' }));
    await screen.findByRole('heading', { level: 2, name: 'Add Prompt' });

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Download Results' })).toBeInTheDocument();
    expect(resultImage('add snow falling')).toHaveAttribute('src', '/api/images/v1');
  });

  it('shows the chain in the version strip and compares with the previous version or the Original', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': numbered() });
    await chainOfTwo(user);

    expect(versionButtons().map((button) => button.textContent)).toEqual([
      'Original',
      'Version 1: add snow falling',
      'Version 2: make it black and white',
    ]);
    expect(currentVersionName()).toBe('Version 2: make it black and white');
    expect(within(versions()).getByText('Version 2 of 2')).toBeInTheDocument();

    // Compared with what it was made from (version 1 as its owner saw it), or with the Original.
    const compareWith = screen.getByRole('group', { name: 'Compare with' });
    expect(within(compareWith).getByRole('button', { name: 'Previous version' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'The previous version' })).toHaveAttribute('src', '/api/images/v2/original');
    await user.click(within(compareWith).getByRole('button', { name: 'Original' }));
    expect(screen.getByRole('img', { name: 'Your original photo' })).toHaveAttribute('src', '/api/images/v1/original');
    expect(screen.queryByRole('img', { name: 'The previous version' })).not.toBeInTheDocument();
  });

  it('offers no choice of comparison for a first version: it is compared with the Original', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': numbered() });
    await goToResults(user);

    expect(screen.queryByRole('group', { name: 'Compare with' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your original photo' })).toHaveAttribute('src', '/api/images/v1/original');
    expect(screen.getByRole('slider', { name: 'Compare before and after' })).toBeInTheDocument();
  });

  it('Undo and Redo walk the chain without a request; the address follows', async () => {
    const user = userEvent.setup();
    const { requests, router } = await openEditor({ 'POST /api/generate': numbered() });
    await chainOfTwo(user);
    const sent = requests.length;
    const undo = within(versions()).getByRole('button', { name: 'Undo' });
    const redo = within(versions()).getByRole('button', { name: 'Redo' });
    expect(redo).toBeDisabled();

    await user.click(undo);

    expect(currentVersionName()).toBe('Version 1: add snow falling');
    expect(resultImage('add snow falling')).toHaveAttribute('src', '/api/images/v1');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/images/v1/download');
    await waitFor(() => expect(router.state.location.search).toBe('?image=v1'));
    expect(redo).toBeEnabled();

    await user.click(undo);

    // The Original: the photo itself, to edit again.
    expect(currentVersionName()).toBe('Original');
    expect(screen.getByRole('img', { name: 'Your original photo' })).toHaveAttribute('src', '/api/images/v1/original');
    expect(screen.getByRole('button', { name: 'Edit the original' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(within(versions()).getByRole('button', { name: 'Undo' })).toBeDisabled();
    // The disabled Undo does not keep the focus: the version on screen takes it.
    await expectFocus(within(versions()).getByRole('button', { name: 'Original' }));

    await user.click(within(versions()).getByRole('button', { name: 'Redo' }));
    await user.click(within(versions()).getByRole('button', { name: 'Redo' }));

    expect(currentVersionName()).toBe('Version 2: make it black and white');
    await waitFor(() => expect(router.state.location.search).toBe('?image=v2'));
    // Navigation only: nothing was sent, no credit spent (D38).
    // (The prompt's debounced server check is the prompt step's, not the strip's.)
    const writes = requests.slice(sent).filter((request) => request.method !== 'GET' && !request.url.endsWith('/api/content-filter'));
    expect(writes.map((request) => `${request.method} ${request.url}`)).toEqual([]);
    expect(calls(requests, 'POST', '/api/generate')).toHaveLength(2);
  });

  it('Ctrl+Z and Shift+Ctrl+Z (and Ctrl+Y) undo and redo; clicking a version continues from it', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': numbered() });
    await chainOfTwo(user);

    await user.keyboard('{Control>}z{/Control}');
    expect(currentVersionName()).toBe('Version 1: add snow falling');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(currentVersionName()).toBe('Version 2: make it black and white');
    await user.keyboard('{Meta>}z{/Meta}');
    expect(currentVersionName()).toBe('Version 1: add snow falling');
    await user.keyboard('{Control>}y{/Control}');
    expect(currentVersionName()).toBe('Version 2: make it black and white');

    // Continue from version 1: its result is edited.
    await user.click(within(versions()).getByRole('button', { name: 'Version 1: add snow falling' }));
    expect(currentVersionName()).toBe('Version 1: add snow falling');
    await user.click(screen.getByRole('button', { name: 'Edit this result' }));
    await user.click(await screen.findByRole('button', { name: 'add rain falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    const form = await calls(requests, 'POST', '/api/generate')[2]!.formData();
    expect(form.get('sourceImageId')).toBe('v1');
    // The new branch replaces version 2 in the strip.
    expect(versionButtons().map((button) => button.textContent)).toEqual([
      'Original',
      'Version 1: add snow falling',
      'Version 2: add rain falling',
    ]);
  });

  it('Regenerate of a version makes another from the same version and prompt', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': numbered() });
    await chainOfTwo(user);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate this image?' })).getByRole('button', { name: 'Regenerate' }));

    await waitFor(() => expect(resultImage('make it black and white')).toHaveAttribute('src', '/api/images/v3'));
    const form = await calls(requests, 'POST', '/api/generate')[2]!.formData();
    expect(form.get('sourceImageId')).toBe('v1');
    expect(form.get('prompt')).toBe('make it black and white');
    expect(versionButtons()).toHaveLength(3);
  });

  it('"Try Another Prompt" starts over and the address no longer names an image', async () => {
    const user = userEvent.setup();
    const { router } = await openEditor({ 'POST /api/generate': numbered() });
    await goToResults(user);
    await waitFor(() => expect(router.state.location.search).toBe('?image=v1'));

    await user.click(screen.getByRole('button', { name: 'Try Another Prompt' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Upload Photo' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: 'Versions' })).not.toBeInTheDocument();
  });

  it.each([
    [
      '409 GENERATION.SOURCE_NOT_READY',
      409,
      { message: 'That version is still being made. Wait for it to finish, then edit it.', code: 'GENERATION.SOURCE_NOT_READY' },
      'That version is still being made. Wait for it to finish, then edit it.',
    ],
    ['404 IMAGE.NOT_FOUND', 404, { message: 'Image not found', code: 'IMAGE.NOT_FOUND' }, SOURCE_NOT_FOUND_MESSAGE],
  ])('says what is wrong when editing a version fails with %s, and stays on the prompt', async (_case, status, body, text) => {
    const user = userEvent.setup();
    let made = 0;
    await openEditor({
      'POST /api/generate': () => {
        made += 1;
        return made === 1 ? json(answer('v1')) : json(body, { status });
      },
    });
    await goToResults(user);
    await user.click(screen.getByRole('button', { name: 'Edit this result' }));
    await user.click(await screen.findByRole('button', { name: 'add rain falling' }));

    await user.click(generateButton());

    expect(await findToastTitle('Generation Error')).toBeInTheDocument();
    expect(await findToastDescription(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
    expect(promptField()).toHaveValue('add rain falling');
  });
});

describe('/dashboard?image={id} (issue 26: a reload, My Edits)', () => {
  it('loads the history, then opens the result step with that version current and the strip filled', async () => {
    const user = userEvent.setup();
    const history = heldAnswer();
    const { requests, router } = openAt('/dashboard?image=h2', { 'GET /api/images/h2/history': history.handler });

    expect(await screen.findByRole('heading', { level: 2, name: HISTORY_LOADING_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Upload Photo' })).not.toBeInTheDocument();

    history.release(json(HISTORY));

    expect(await screen.findByRole('heading', { level: 2, name: 'Download Results' })).toBeInTheDocument();
    expect(resultImage('make it black and white')).toHaveAttribute('src', '/api/images/h2');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/images/h2/download');
    expect(versionButtons().map((button) => button.textContent)).toEqual([
      'Original',
      'Version 1: add snow falling',
      'Version 2: make it black and white',
    ]);
    expect(currentVersionName()).toBe('Version 2: make it black and white');
    expect(router.state.location.search).toBe('?image=h2');

    await user.click(within(versions()).getByRole('button', { name: 'Undo' }));

    expect(resultImage('add snow falling')).toHaveAttribute('src', '/api/images/h1');
    await waitFor(() => expect(router.state.location.search).toBe('?image=h1'));
    // The address change is the editor's own: the history is not asked for again.
    expect(calls(requests, 'GET', '/api/images/h1/history')).toHaveLength(0);
    expect(calls(requests, 'GET', '/api/images/h2/history')).toHaveLength(1);
  });

  it('edits a loaded version with its id, and the Original with the photo fetched again', async () => {
    const user = userEvent.setup();
    let made = 0;
    const { requests } = openAt('/dashboard?image=h2', {
      'GET /api/images/h2/history': () => json(HISTORY),
      'GET /api/images/h1/original': () => new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { headers: { 'Content-Type': 'image/jpeg' } }),
      'POST /api/generate': () => {
        made += 1;
        return json(answer(`n${made}`));
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    await user.click(screen.getByRole('button', { name: 'Edit this result' }));
    await user.click(await screen.findByRole('button', { name: 'add rain falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });
    const chained = await calls(requests, 'POST', '/api/generate')[0]!.formData();
    expect(chained.get('sourceImageId')).toBe('h2');
    expect(chained.has('image')).toBe(false);

    await user.click(within(versions()).getByRole('button', { name: 'Original' }));
    await user.click(screen.getByRole('button', { name: 'Edit the original' }));
    expect(await screen.findByRole('img', { name: 'Your photo: Original photo' })).toHaveAttribute('src', '/api/images/h1/original');
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    expect(calls(requests, 'GET', '/api/images/h1/original')).toHaveLength(1);
    const fresh = await calls(requests, 'POST', '/api/generate')[1]!.formData();
    expect(fresh.has('image')).toBe(true);
    expect(fresh.has('sourceImageId')).toBe(false);
    // A new chain: the Original and its one version.
    expect(versionButtons().map((button) => button.textContent)).toEqual(['Original', 'Version 1: add snow falling']);
  });

  it('says "This edit is not available" for an image that is not the user\'s, and starts a new edit', async () => {
    const user = userEvent.setup();
    const { router } = openAt('/dashboard?image=someone-elses', {
      'GET /api/images/someone-elses/history': () => json({ message: 'Image not found', code: 'IMAGE.NOT_FOUND' }, { status: 404 }),
    });

    expect(await screen.findByRole('heading', { level: 2, name: HISTORY_NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a new edit' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Upload Photo' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await goToPrompt(user);
  });

  it('offers Retry when the history could not be fetched', async () => {
    const user = userEvent.setup();
    let fail = true;
    openAt('/dashboard?image=h2', {
      'GET /api/images/h2/history': () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : json(HISTORY)),
    });

    expect(await screen.findByRole('heading', { level: 2, name: HISTORY_FAILED_TITLE })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Download Results' })).toBeInTheDocument();
    expect(currentVersionName()).toBe('Version 2: make it black and white');
  });

  it('keeps /dashboard?prompt= working', async () => {
    const user = userEvent.setup();
    openAt(`/dashboard?prompt=${encodeURIComponent('add snow falling')}`, {});
    await screen.findByRole('heading', { level: 2, name: 'Upload Photo' });
    await goToPrompt(user);
    expect(promptField()).toHaveValue('add snow falling');
  });
});
