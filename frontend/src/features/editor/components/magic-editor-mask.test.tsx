import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { findToastTitle } from '../../../test/toasts';
import { maskToPngBlob, MASK_SHARE_MESSAGES } from '../lib/mask';
import { GENERATED, calls, generateButton, goToPrompt, openEditor } from '../pages/editor-test-kit';

// jsdom cannot draw or encode a PNG: the mask file is a stand-in, and what it was asked for is checked.
vi.mock('../lib/mask', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/mask')>();
  return { ...actual, maskToPngBlob: vi.fn(() => Promise.resolve(new Blob(['png'], { type: 'image/png' }))) };
});

/** The photo's natural size as a loaded Image reports it (jsdom loads no images). */
const NATURAL = { width: 1200, height: 900 };

class LoadedImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = NATURAL.width;
  naturalHeight = NATURAL.height;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

/** A 2D context whose every read-back is `share` painted (measureMaskShare samples it). */
function stubCanvasShare(share: number) {
  const pixels = 100;
  const data = new Uint8ClampedArray(pixels * 4);
  data.fill(255, 0, Math.round(share * pixels) * 4);
  const noop = () => undefined;
  const context = {
    setTransform: noop,
    fillRect: noop,
    clearRect: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    arc: noop,
    fill: noop,
    stroke: noop,
    getImageData: () => ({ data }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
}

const disclosure = () => screen.getByRole('button', { name: /^Paint the area to change/ });
const painter = () => screen.findByRole('group', { name: 'Paint the area to change' });

beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  // No canvas in jsdom: the painter cannot measure the share (the server still checks it).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.mocked(maskToPngBlob).mockClear();
});

describe('the region brush (issue 26, D40)', () => {
  it('is folded away under "Paint the area to change"; without painting no mask is sent', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    expect(disclosure()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Paint the area to change' })).not.toBeInTheDocument();

    await user.click(disclosure());

    expect(disclosure()).toHaveAttribute('aria-expanded', 'true');
    expect(within(await painter()).getByRole('img', { name: 'Your photo: photo.jpg' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    expect((await calls(requests, 'POST', '/api/generate')[0]!.formData()).has('mask')).toBe(false);
    expect(maskToPngBlob).not.toHaveBeenCalled();
  });

  it('sends the painted area as the mask PNG at the photo\'s natural size', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await user.click(disclosure());
    const group = await painter();

    // Invert paints everything but nothing, which is a mask too (the painter's own tests paint strokes).
    await user.click(within(group).getByRole('button', { name: 'Invert' }));
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    expect(maskToPngBlob).toHaveBeenCalledWith(NATURAL.width, NATURAL.height, { strokes: [], inverted: true });
    const form = await calls(requests, 'POST', '/api/generate')[0]!.formData();
    expect(form.has('mask')).toBe(true);
    expect(form.has('image')).toBe(true);
  });

  it('does not send a mask whose painted share is out of bounds: Generate says why', async () => {
    stubCanvasShare(1);
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await user.click(disclosure());
    const group = await painter();
    await user.click(within(group).getByRole('button', { name: 'Invert' }));
    expect(await within(group).findByText(MASK_SHARE_MESSAGES['too-large'])).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));

    await user.click(generateButton());

    expect(await findToastTitle('Check the painted area')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/generate')).toHaveLength(0);
    expect(maskToPngBlob).not.toHaveBeenCalled();
  });

  it('forgets the mask when the photo changes (editing the result paints on the result)', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await user.click(disclosure());
    await user.click(within(await painter()).getByRole('button', { name: 'Invert' }));
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    await user.click(screen.getByRole('button', { name: 'Edit this result' }));
    const group = await painter();

    expect(within(group).getByRole('img', { name: 'Your photo: Version 1' })).toHaveAttribute('src', '/api/images/img-1');
    expect(within(group).getByRole('button', { name: 'Invert' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'add rain falling' }));
    await user.click(generateButton());
    await waitFor(() => expect(calls(requests, 'POST', '/api/generate')).toHaveLength(2));
    const form = await calls(requests, 'POST', '/api/generate')[1]!.formData();
    expect(form.get('sourceImageId')).toBe('img-1');
    expect(form.has('mask')).toBe(false);
  });

  it('Regenerate repeats the mask the version was made with', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await user.click(disclosure());
    await user.click(within(await painter()).getByRole('button', { name: 'Invert' }));
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    await user.click(generateButton());
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate this image?' })).getByRole('button', { name: 'Regenerate' }));

    await waitFor(() => expect(calls(requests, 'POST', '/api/generate')).toHaveLength(2));
    expect((await calls(requests, 'POST', '/api/generate')[1]!.formData()).has('mask')).toBe(true);
    expect(maskToPngBlob).toHaveBeenCalledTimes(1);
  });
});
