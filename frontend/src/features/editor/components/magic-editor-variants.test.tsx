import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiAnswer, ApiSchema } from '../../../shared/api/contract';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { json } from '../../../test/fetch-stub';
import { findToastTitle } from '../../../test/toasts';
import { GENERATED, calls, goToPrompt, openEditor } from '../pages/editor-test-kit';
import { VARIANT_FAILED_TEXT } from './variants-grid';

afterEach(() => {
  vi.useRealTimers();
});

type Variant = ApiSchema<'GenerationVariantResponse'>;

function completed(id: string): Variant {
  return {
    id,
    status: 'completed',
    imageUrl: `/api/images/${id}`,
    originalUrl: '/api/images/a/original',
    downloadUrl: `/api/images/${id}/download`,
    watermarked: false,
    model: 'local',
    seed: 1,
    originalRenditions: [],
    generatedRenditions: [],
    error: null,
  };
}

function failed(id: string): Variant {
  return {
    id,
    status: 'failed',
    imageUrl: null,
    originalUrl: null,
    downloadUrl: null,
    watermarked: null,
    model: null,
    seed: 2,
    originalRenditions: [],
    generatedRenditions: [],
    error: { code: 'GENERATION.FAILED', message: 'Failed to generate image' },
  };
}

/** Four variants asked for, the second failed: the answer is the first's fields plus all four. */
const FOUR: ApiAnswer<'/api/generate', 'post'> = {
  ...GENERATED,
  id: 'a',
  imageUrl: '/api/images/a',
  originalUrl: '/api/images/a/original',
  downloadUrl: '/api/images/a/download',
  variants: [completed('a'), failed('b'), completed('c'), completed('d')],
};

const resultsChoice = () => screen.getByRole('radiogroup', { name: 'Results' });

describe('variants (issue 26, D39)', () => {
  it('offers 1, 2 or 4 results, 1 by default, and names the cost on Generate', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));

    expect(within(resultsChoice()).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '4']);
    expect(screen.getByRole('radio', { name: '1 result' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Generate Image' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: '4 results' }));

    expect(screen.getByRole('button', { name: 'Generate · 4 credits' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Generate Image' })).not.toBeInTheDocument();
    // The balance (3) is short of 4: said under the choice.
    expect(await within(resultsChoice().parentElement!).findByText(/You have 3 credits\./)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2 results' }));
    expect(screen.getByRole('button', { name: 'Generate · 2 credits' })).toBeInTheDocument();
  });

  it('with fewer credits than results, the server\'s 402 gives the Out of Credits flow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { requests } = await openEditor({
      'POST /api/generate': () => json({ message: 'Insufficient credits', code: 'CREDITS.INSUFFICIENT' }, { status: 402 }),
    });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(screen.getByRole('radio', { name: '4 results' }));

    await user.click(screen.getByRole('button', { name: 'Generate · 4 credits' }));

    expect(await findToastTitle('Out of Credits!')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1100);
    expect(await screen.findByRole('dialog', { name: "You're out of credits!" })).toBeInTheDocument();
    expect((await calls(requests, 'POST', '/api/generate')[0]!.formData()).get('variants')).toBe('4');
  });

  it('shows the variants as a grid; picking one makes it the current version and, with sharing on, public', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({
      'POST /api/generate': () => json(FOUR),
      'POST /api/images/c/visibility': () => json({ id: 'c', isPublic: true }),
    });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(screen.getByRole('radio', { name: '4 results' }));
    await user.click(screen.getByRole('button', { name: 'Generate · 4 credits' }));
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    const form = await calls(requests, 'POST', '/api/generate')[0]!.formData();
    expect(form.get('variants')).toBe('4');
    expect(form.get('share')).toBe('true');

    const grid = screen.getByRole('region', { name: 'Pick a result' });
    expect(within(grid).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'AI-edited variant 1 of 4: add snow falling',
      'AI-edited variant 3 of 4: add snow falling',
      'AI-edited variant 4 of 4: add snow falling',
    ]);
    // D42: each variant is labelled over its corner.
    for (const image of within(grid).getAllByRole('img')) expect(aiEditedBadgeOn(image)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(within(grid).getByText(VARIANT_FAILED_TEXT)).toBeInTheDocument();
    const uses = within(grid).getAllByRole('button', { name: /^Use this one/ });
    expect(uses.map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    // The first completed one is on screen until another is picked; none is public yet.
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/images/a/download');

    await user.click(within(grid).getByRole('button', { name: 'Use this one: variant 3 of 4' }));

    expect(within(grid).getByRole('button', { name: 'Use this one: variant 3 of 4' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(grid).getByRole('button', { name: 'Use this one: variant 1 of 4' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'AI-edited: add snow falling' })).toHaveAttribute('src', '/api/images/c');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/images/c/download');
    await waitFor(() => expect(calls(requests, 'POST', '/api/images/c/visibility')).toHaveLength(1));
    expect(await calls(requests, 'POST', '/api/images/c/visibility')[0]!.json()).toEqual({ isPublic: true });
    // The others stay private.
    for (const id of ['a', 'b', 'd']) expect(calls(requests, 'POST', `/api/images/${id}/visibility`)).toHaveLength(0);

    // "Edit this result" edits the picked one.
    await user.click(screen.getByRole('button', { name: 'Edit this result' }));
    expect(await screen.findByRole('img', { name: 'Your photo: Version 1' })).toHaveAttribute('src', '/api/images/c');
  });

  it('keeps every variant private when sharing was off', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(FOUR) });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(screen.getByRole('switch', { name: 'Share to community' }));
    await user.click(screen.getByRole('radio', { name: '4 results' }));
    await user.click(screen.getByRole('button', { name: 'Generate · 4 credits' }));
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    await user.click(screen.getByRole('button', { name: 'Use this one: variant 4 of 4' }));

    expect(screen.getByRole('img', { name: 'AI-edited: add snow falling' })).toHaveAttribute('src', '/api/images/d');
    expect(requests.filter((request) => request.url.endsWith('/visibility'))).toHaveLength(0);
  });

  it('says so when the picked variant could not be made public, and keeps it picked', async () => {
    const user = userEvent.setup();
    await openEditor({
      'POST /api/generate': () => json(FOUR),
      'POST /api/images/d/visibility': () => json({ message: 'Try again later.' }, { status: 503 }),
    });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(screen.getByRole('radio', { name: '2 results' }));
    await user.click(screen.getByRole('button', { name: 'Generate · 2 credits' }));
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    await user.click(screen.getByRole('button', { name: 'Use this one: variant 4 of 4' }));

    expect(await findToastTitle('Could not make the edit public')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this one: variant 4 of 4' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows no grid for a single result', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(screen.getByRole('button', { name: 'Generate Image' }));
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });
    expect(screen.queryByRole('region', { name: 'Pick a result' })).not.toBeInTheDocument();
  });
});
