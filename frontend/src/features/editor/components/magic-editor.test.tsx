import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../shared/api/base-api';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { heldAnswer, json } from '../../../test/fetch-stub';
import { findToastTitle, TOAST_TITLE } from '../../../test/toasts';
import {
  GENERATED,
  SHARED_PUBLIC,
  SUBSCRIBER,
  calls,
  currentStep,
  generateButton,
  generateWithChip,
  goToPrompt,
  goToResults,
  openEditor,
  promptField,
} from '../pages/editor-test-kit';
import { expectFocus } from '../../../test/focus';

afterEach(() => {
  vi.useRealTimers();
});

describe('generation (000 §2, §3, §8)', () => {
  it('lays the compare view out in the result\'s shape before its picture loads (nothing below it moves then)', async () => {
    const user = userEvent.setup();
    const renditions = [
      { url: '/api/images/img-1/renditions/320', width: 320, height: 569 },
      { url: '/api/images/img-1/renditions/1080', width: 1080, height: 1920 },
    ];
    await openEditor({ 'POST /api/generate': () => json({ ...GENERATED, generatedRenditions: renditions }) });
    await goToResults(user);
    const stage = screen.getByRole('slider', { name: 'Compare before and after' }).parentElement!;
    expect(stage.style.getPropertyValue('--compare-ratio')).toBe('1080 / 1920');
  });

  it('goes from the prompt through the progress screen to the results, and refreshes the credits', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    let balance = 3;
    const { requests } = await openEditor({
      'GET /api/user/credits': () => json({ balance, regular: balance, watermarked: 0 }),
      'POST /api/generate': (request) => {
        balance = 2;
        return answer.handler(request);
      },
    });
    const credits = screen.getByRole('region', { name: 'Available Credits' });
    expect(await within(credits).findByText('3')).toBeInTheDocument();

    await generateWithChip(user);

    // The progress screen.
    await expectFocus(await screen.findByRole('heading', { level: 2, name: 'AI Magic in Progress...' }));
    expect(screen.getByText(/This usually takes 10-15 seconds\./)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generating your image' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('timer')).toHaveTextContent('0 s');
    expect(screen.queryByRole('button', { name: 'Generate Image' })).not.toBeInTheDocument();

    answer.release(json(GENERATED));

    // The results.
    expect(await screen.findByRole('heading', { level: 2, name: 'Download Results' })).toBeInTheDocument();
    expect(currentStep()).toContain('Download Results');
    const original = screen.getByRole('img', { name: 'Your original photo' });
    const result = screen.getByRole('img', { name: 'AI-edited: add snow falling' });
    expect(original).toHaveAttribute('src', '/api/images/img-1/original');
    expect(result).toHaveAttribute('src', '/api/images/img-1');
    // D42: the result is labelled "AI-edited", the original is not.
    expect(aiEditedBadgeOn(result)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(aiEditedBadgeOn(original)).toBeNull();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/images/img-1/download');
    expect(download).toHaveAttribute('download');
    for (const name of ['Share', 'Regenerate', 'Try Another Prompt']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByText('Watermarked')).not.toBeInTheDocument();

    // What was sent, and the balance after the spent credit.
    const [call] = calls(requests, 'POST', '/api/generate');
    const form = await call!.formData();
    expect(form.get('prompt')).toBe('add snow falling');
    expect(form.get('style')).toBe('realistic');
    expect(form.get('share')).toBe('true');
    expect(form.has('image')).toBe(true);
    expect(await within(credits).findByText('2')).toBeInTheDocument();
  });

  it('counts the elapsed seconds while it works', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const answer = heldAnswer();
    await openEditor({ 'POST /api/generate': answer.handler });
    await generateWithChip(user);
    await screen.findByRole('heading', { level: 2, name: 'AI Magic in Progress...' });

    await vi.advanceTimersByTimeAsync(12_000);

    expect(screen.getByRole('timer')).toHaveTextContent('12 s');
    answer.release(json(GENERATED));
    await screen.findByRole('heading', { level: 2, name: 'Download Results' });
  });

  it('sends share=false when the switch is turned off (D14)', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add rain falling' }));

    await user.click(screen.getByRole('switch', { name: 'Share to community' }));
    await user.click(generateButton());

    await screen.findByRole('heading', { level: 2, name: 'Download Results' });
    const form = await calls(requests, 'POST', '/api/generate')[0]!.formData();
    expect(form.get('share')).toBe('false');
  });

  it('notes a watermarked result, with a link to remove watermarks', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json({ ...GENERATED, watermarked: true }) });

    await goToResults(user);

    expect(screen.getByText('Watermarked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /remove watermarks/ })).toHaveAttribute('href', '/pricing');
  });

  it('says "Out of Credits!", asks after 1 second whether to buy more, and goes to /pricing on yes', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { router } = await openEditor({ 'POST /api/generate': answer.handler });
    await generateWithChip(user);
    await screen.findByRole('heading', { level: 2, name: 'AI Magic in Progress...' });

    // From the answer on, the clock moves only when the test moves it (a busy machine's real
    // seconds must not show the question early).
    vi.useFakeTimers();
    answer.release(json({ message: 'Insufficient credits', error: 'Payment Required', code: 'CREDITS.INSUFFICIENT' }, { status: 402 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(screen.getByText('Out of Credits!', { selector: TOAST_TITLE })).toBeInTheDocument();
    // The failure stays on the prompt step.
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
    expect(promptField()).toHaveValue('add snow falling');
    await vi.advanceTimersByTimeAsync(850);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(200);
    const dialog = screen.getByRole('dialog', { name: "You're out of credits!" });
    expect(dialog).toHaveAccessibleDescription('Would you like to buy more credits to continue creating images?');
    vi.useRealTimers();
    await user.click(within(dialog).getByRole('button', { name: 'Buy Credits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('shows "Out of Credits!" as soon as the 402 arrives, long before the question (issue 15)', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    await openEditor({ 'POST /api/generate': answer.handler });
    await generateWithChip(user);
    await screen.findByRole('heading', { level: 2, name: 'AI Magic in Progress...' });

    // From the answer on, the clock moves only when the test moves it.
    vi.useFakeTimers();
    answer.release(json({ message: 'Insufficient credits', code: 'CREDITS.INSUFFICIENT' }, { status: 402 }));
    // No waiting on anything (a refetch of the credits, a debounce): 50 ms of the clock is plenty.
    await vi.advanceTimersByTimeAsync(50);

    expect(screen.getByText('Out of Credits!', { selector: TOAST_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('treats a message containing "Insufficient credits" as out of credits, and "Not now" stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = await openEditor({
      'POST /api/generate': () => json({ message: 'Insufficient credits: you have 0' }, { status: 400 }),
    });
    await generateWithChip(user);
    expect(await findToastTitle('Out of Credits!')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(1000);
    const dialog = await screen.findByRole('dialog', { name: "You're out of credits!" });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['the server message', { message: 'Our model refused this photo.', error: 'nsfw_detected' }, 'Our model refused this photo.'],
    ['the default text', { error: 'nsfw_detected' }, 'The AI detected inappropriate content. Please try a different image or prompt.'],
  ])('shows %s for an nsfw_detected refusal', async (_case, body, text) => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json(body, { status: 400 }) });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));

    await user.click(generateButton());

    expect(await screen.findByText(text, { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(screen.queryByText('Generation Error')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
  });

  it('says to check the connection when the request cannot reach the server', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => Promise.reject(new TypeError('Failed to fetch')) });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'add snow falling' }));

    await user.click(generateButton());

    expect(
      await screen.findByText('Network connection error. Please check your internet connection and try again.', {
        selector: '[data-sonner-toast] *',
      }),
    ).toBeInTheDocument();
    expect(NETWORK_ERROR_MESSAGE).toBe('Network connection error. Please check your internet connection and try again.');
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
  });

  it('shows "Generation Error" with the local engine\'s message for an edit it cannot do', async () => {
    const user = userEvent.setup();
    const message =
      'The local engine cannot do that edit. It understands: black and white, sepia, brighter, darker, add snow falling.';
    await openEditor({
      'POST /api/generate': () =>
        json({ message, error: 'Unprocessable Entity', code: 'GENERATION.UNSUPPORTED_EDIT' }, { status: 422 }),
    });
    await goToPrompt(user);
    await user.click(screen.getByRole('button', { name: 'remove the person on the left' }));

    await user.click(generateButton());

    expect(await findToastTitle('Generation Error')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
  });
});

describe('results (000 §2 step 4, §4, §8)', () => {
  it('saves to My Edits and removes again, for a paid subscriber', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor(
      {
        'POST /api/generate': () => json(GENERATED),
        'POST /api/images/img-1/save': () => json({ isSaved: true }),
        'DELETE /api/images/img-1/save': () => json({ isSaved: false }),
      },
      SUBSCRIBER,
    );
    await goToResults(user);

    await user.click(screen.getByRole('button', { name: 'Save to My Edits' }));

    expect(await findToastTitle('Saved to My Edits!')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove from My Edits' }));
    expect(await findToastTitle('Removed from My Edits')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save to My Edits' })).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/images/img-1/save')).toHaveLength(1);
    expect(calls(requests, 'DELETE', '/api/images/img-1/save')).toHaveLength(1);
  });

  it('offers Save to My Edits without a paid plan too, and says "Upgrade Required" when the server refuses (D7)', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({
      'POST /api/generate': () => json(GENERATED),
      'POST /api/images/img-1/save': () =>
        json(
          { message: 'Upgrade to a paid plan to save images to My Edits.', error: 'Forbidden', code: 'SAVE.UPGRADE_REQUIRED' },
          { status: 403 },
        ),
    });
    await goToResults(user);

    await user.click(screen.getByRole('button', { name: 'Save to My Edits' }));

    expect(await findToastTitle('Upgrade Required')).toBeInTheDocument();
    expect(screen.getByText('Save images to My Edits with a paid subscription.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to My Edits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove from My Edits' })).not.toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/images/img-1/save')).toHaveLength(1);
  });

  it('says "Error saving image" and "Error removing image" for other failures', async () => {
    const user = userEvent.setup();
    let saveWorks = false;
    await openEditor(
      {
        'POST /api/generate': () => json(GENERATED),
        'POST /api/images/img-1/save': () => (saveWorks ? json({ isSaved: true }) : new Response(null, { status: 500 })),
        'DELETE /api/images/img-1/save': () => new Response(null, { status: 500 }),
      },
      SUBSCRIBER,
    );
    await goToResults(user);

    await user.click(screen.getByRole('button', { name: 'Save to My Edits' }));
    expect(await findToastTitle('Error saving image')).toBeInTheDocument();

    saveWorks = true;
    await user.click(screen.getByRole('button', { name: 'Save to My Edits' }));
    await user.click(await screen.findByRole('button', { name: 'Remove from My Edits' }));

    expect(await findToastTitle('Error removing image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove from My Edits' })).toBeInTheDocument();
  });

  it('copies the share page link and says so when the browser cannot share (issue 15)', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json(GENERATED), 'GET /api/images/img-1/share': () => json(SHARED_PUBLIC) });
    await goToResults(user);
    expect('share' in navigator).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await findToastTitle('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/img-1`);
  });

  it('uses the system share sheet when there is one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await openEditor({ 'POST /api/generate': () => json(GENERATED), 'GET /api/images/img-1/share': () => json(SHARED_PUBLIC) });
      await goToResults(user);

      await user.click(screen.getByRole('button', { name: 'Share' }));

      await waitFor(() =>
        expect(share).toHaveBeenCalledWith(
          expect.objectContaining({ url: `${window.location.origin}/share/img-1`, text: 'add snow falling' }),
        ),
      );
      expect(screen.queryByText('Link copied to clipboard')).not.toBeInTheDocument();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('asks before regenerating, then sends the same request again', async () => {
    const user = userEvent.setup();
    let id = 0;
    const { requests } = await openEditor({
      'POST /api/generate': () => {
        id += 1;
        return json({ ...GENERATED, id: `img-${id}`, imageUrl: `/api/images/img-${id}`, originalUrl: `/api/images/img-${id}/original` });
      },
    });
    await goToResults(user);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate this image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/generate')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate this image?' })).getByRole('button', { name: 'Regenerate' }));

    await waitFor(() => expect(screen.getByRole('img', { name: 'AI-edited: add snow falling' })).toHaveAttribute('src', '/api/images/img-2'));
    const sent = calls(requests, 'POST', '/api/generate');
    expect(sent).toHaveLength(2);
    const [first, second] = await Promise.all(sent.map((request) => request.formData()));
    for (const field of ['prompt', 'style', 'share']) expect(second!.get(field)).toBe(first!.get(field));
  });

  it('keeps the result on screen when a regeneration fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    await openEditor({
      'POST /api/generate': () => (fail ? json({ message: 'The AI service is busy right now.' }, { status: 503 }) : json(GENERATED)),
    });
    await goToResults(user);
    fail = true;

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Regenerate' }));

    expect(await findToastTitle('Generation Error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Download Results' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'AI-edited: add snow falling' })).toHaveAttribute('src', '/api/images/img-1');
  });

  it('"Try Another Prompt" starts over with no photo and an empty prompt', async () => {
    const user = userEvent.setup();
    await openEditor({ 'POST /api/generate': () => json(GENERATED) });
    await goToResults(user);

    await user.click(screen.getByRole('button', { name: 'Try Another Prompt' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Upload Photo' })).toBeInTheDocument();
    expect(currentStep()).toContain('Upload Photo');
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeInTheDocument();
    await goToPrompt(user);
    expect(promptField()).toHaveValue('');
  });
});
