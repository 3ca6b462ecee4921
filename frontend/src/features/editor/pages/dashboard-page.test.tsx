import { KEYWORD_MESSAGE, PATTERN_MESSAGE } from '@generation-rules/prompt-filter';
import { PROMPT_SUGGESTIONS } from '@generation-rules/prompt-suggestions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import {
  calls,
  currentStep,
  generateButton,
  goToPrompt,
  jpeg,
  openEditor,
  promptField,
  uploadPhoto,
} from './editor-test-kit';
import { expectFocus } from '../../../test/focus';
import { destination } from '../../../test/router';

afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboard signed out (000 §4 "Authentication")', () => {
  it('says "Authentication Required" and goes to /auth after 1 second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'GET /api/user': signedOut });
    const { router } = renderRoute('/dashboard');

    expect(await screen.findByText('Please log in to access the photo editor.', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Magic Editor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Photo' })).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(900);
    expect(destination(router)).toBe('/dashboard');
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('waits for the user query before deciding', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'GET /api/user': () => new Promise<Response>(() => undefined) });
    const { router } = renderRoute('/dashboard');

    expect(await screen.findByText('Loading the editor...')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1500);

    expect(destination(router)).toBe('/dashboard');
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
  });

  it('does not send a signed-in user away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await openEditor();

    await vi.advanceTimersByTimeAsync(1500);

    expect(destination(router)).toBe('/dashboard');
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
  });

  it('does not call signing out on the editor an unauthenticated visit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = await openEditor({ 'POST /api/logout': () => json({ message: 'Logged out' }) });

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    // The editor has gone: React commits the new page after the router's state has changed, which
    // on a busy machine is a moment later (issue 25).
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Magic Editor' })).not.toBeInTheDocument());
    // Past the signed-out editor's 1 s redirect to /auth, on the fake clock: it never fires, and
    // the editor never said "log in".
    await vi.advanceTimersByTimeAsync(1500);
    expect(destination(router)).toBe('/');
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please log in to access the photo editor.', { selector: '[data-sonner-toast] *' })).not.toBeInTheDocument();
  });
});

describe('/dashboard page (000 §2 "Editor page")', () => {
  it('shows the heading, the step bar on step 1, the credits box, How It Works, the community section and Back to Top', async () => {
    await openEditor();

    expect(screen.getByRole('heading', { level: 1, name: 'Magic Editor' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: /^Editor steps/ })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Upload Photo'),
      expect.stringContaining('Choose Editor'),
      expect.stringContaining('Add Prompt'),
      expect.stringContaining('Download Results'),
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);

    const credits = screen.getByRole('region', { name: 'Available Credits' });
    expect(await within(credits).findByText('3')).toBeInTheDocument();
    expect(within(credits).getByRole('link', { name: 'Buy More' })).toHaveAttribute('href', '/pricing');

    const how = screen.getByRole('region', { name: 'How It Works' });
    expect(within(how).getByText('Upload a photo')).toBeInTheDocument();
    expect(within(how).getByText('Write a prompt')).toBeInTheDocument();
    expect(within(how).getByText(/10-20 seconds/)).toBeInTheDocument();

    const community = screen.getByRole('region', { name: 'Recent Community Edits' });
    expect(community).toHaveAttribute('id', 'community');
    expect(screen.getByRole('button', { name: 'Back to Top' })).toBeInTheDocument();
  });

  it('shows the Recent Community Edits in the #community section', async () => {
    await openEditor({
      'GET /api/community/recent': () =>
        json([
          {
            id: 'c-1',
            prompt: 'add snow falling',
            style: 'realistic',
            timestamp: '2026-03-10T12:00:00.000Z',
            laughCount: 7,
            imageUrl: '/api/images/c-1',
            originalUrl: '/api/images/c-1/original',
          },
        ]),
    });

    const community = screen.getByRole('region', { name: 'Recent Community Edits' });
    const edit = await within(community).findByRole('article', { name: 'add snow falling' });
    expect(within(edit).getByRole('img', { name: 'AI-edited: add snow falling' })).toHaveAttribute('src', '/api/images/c-1');
    expect(within(edit).getByRole('button', { name: 'Laugh, 7 laughs' })).toBeInTheDocument();
    expect(within(community).queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it('shows a retry when the credits cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openEditor({
      'GET /api/user/credits': () => (fail ? new Response('down', { status: 500 }) : json({ balance: 5, regular: 5, watermarked: 0 })),
    });
    const credits = screen.getByRole('region', { name: 'Available Credits' });

    expect(await within(credits).findByText('We could not load your credits.')).toBeInTheDocument();
    fail = false;
    await user.click(within(credits).getByRole('button', { name: 'Retry' }));

    expect(await within(credits).findByText('5')).toBeInTheDocument();
  });

  it('scrolls back to the top', async () => {
    const user = userEvent.setup();
    await openEditor();

    await user.click(screen.getByRole('button', { name: 'Back to Top' }));

    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});

describe('step 1: Upload Photo (000 §2, §5)', () => {
  it('browses for a JPG, shows a preview with Remove, and continues to Choose Editor', async () => {
    const user = userEvent.setup();
    await openEditor();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByLabelText('Photo to edit')).toHaveAttribute('accept', 'image/jpeg,image/png');

    await uploadPhoto(user, jpeg('beach.jpg'));

    expect(screen.getByRole('img', { name: 'Your photo: beach.jpg' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Choose Editor' })).toBeInTheDocument();
    expect(currentStep()).toContain('Choose Editor');
  });

  it('takes a PNG dropped on the drop zone', async () => {
    await openEditor();
    const png = new File([new Uint8Array(10)], 'drawing.png', { type: 'image/png' });

    fireEvent.drop(screen.getByRole('group', { name: 'Photo drop zone' }), { dataTransfer: { files: [png], types: ['Files'] } });

    expect(await screen.findByRole('button', { name: 'Remove drawing.png' })).toBeInTheDocument();
  });

  it('refuses a file that is not JPG or PNG', async () => {
    await openEditor();
    const gif = new File(['GIF89a'], 'funny.gif', { type: 'image/gif' });

    fireEvent.drop(screen.getByRole('group', { name: 'Photo drop zone' }), { dataTransfer: { files: [gif], types: ['Files'] } });

    expect(await screen.findByText('Only JPG and PNG images are supported.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove funny.gif' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('refuses a photo over 10 MB with the server\'s words', async () => {
    const user = userEvent.setup();
    await openEditor();

    await user.upload(screen.getByLabelText('Photo to edit'), jpeg('huge.jpg', 10 * 1024 * 1024 + 1));

    expect(await screen.findByText('The image is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove huge.jpg' })).not.toBeInTheDocument();
  });

  it('removes the photo', async () => {
    const user = userEvent.setup();
    await openEditor();
    await uploadPhoto(user);

    await user.click(screen.getByRole('button', { name: 'Remove photo.jpg' }));

    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});

describe('step 2: Choose Editor (000 §2)', () => {
  it('shows the Magic Image Editor card with the example before and after, and goes back', async () => {
    const user = userEvent.setup();
    await openEditor();
    await uploadPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const card = await screen.findByRole('article', { name: 'Magic Image Editor' });
    expect(within(card).getByRole('img', { name: /^Example before/ })).toHaveAttribute('src', '/assets/original.jpg');
    expect(within(card).getByRole('img', { name: /^Example after/ })).toHaveAttribute('src', '/assets/edited.png');
    expect(within(card).getByRole('button', { name: 'Continue with Magic Image Editor' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Upload Photo' })).toBeInTheDocument();
    // The photo is still there.
    expect(screen.getByRole('button', { name: 'Remove photo.jpg' })).toBeInTheDocument();
  });
});

describe('step 3: Add Prompt (000 §2, §5)', () => {
  it('has a labelled 4-row prompt, the 12 chips, the share switch on, and Generate disabled while blank', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);

    expect(currentStep()).toContain('Add Prompt');
    expect(promptField()).toHaveAttribute('rows', '4');
    const chips = within(screen.getByRole('region', { name: 'Need ideas? Try one:' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([...PROMPT_SUGGESTIONS]);
    expect(screen.getByRole('switch', { name: 'Share to community' })).toBeChecked();
    expect(generateButton()).toBeDisabled();

    await user.type(promptField(), '   ');
    expect(generateButton()).toBeDisabled();
  });

  it('fills the prompt when a chip is clicked', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);

    await user.click(screen.getByRole('button', { name: 'make the lighting more dramatic' }));

    expect(promptField()).toHaveValue('make the lighting more dramatic');
    expect(generateButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'add snow falling' }));
    expect(promptField()).toHaveValue('add snow falling');
  });

  it('shows the keyword message under the field and disables Generate for a keyword prompt', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);

    await user.type(promptField(), 'add a gun to his hand');

    expect(screen.getByText(KEYWORD_MESSAGE)).toBeInTheDocument();
    expect(promptField()).toHaveAttribute('aria-invalid', 'true');
    expect(promptField()).toHaveAccessibleDescription(expect.stringContaining(KEYWORD_MESSAGE));
    expect(generateButton()).toBeDisabled();
  });

  it('shows the policy message for a pattern prompt', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);

    await user.type(promptField(), 'please remove his shirt');

    expect(screen.getByText(PATTERN_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(KEYWORD_MESSAGE)).not.toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });

  it('clears the message and enables Generate once the prompt is clean, asking the server about it', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({
      'POST /api/content-filter': () => json({ isBlocked: false, reason: null, category: null }),
    });
    await goToPrompt(user);
    await user.type(promptField(), 'add a gun');
    expect(screen.getByText(KEYWORD_MESSAGE)).toBeInTheDocument();

    await user.clear(promptField());
    await user.type(promptField(), 'add snow falling');

    expect(screen.queryByText(KEYWORD_MESSAGE)).not.toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
    await waitFor(() => expect(calls(requests, 'POST', '/api/content-filter')).toHaveLength(1));
    // Only the clean prompt, once typing paused, went to the server.
    expect(await calls(requests, 'POST', '/api/content-filter')[0]?.json()).toEqual({ prompt: 'add snow falling' });
  });

  it('shows the server check\'s reason and disables Generate when the server blocks a prompt', async () => {
    const user = userEvent.setup();
    await openEditor({
      'POST /api/content-filter': () =>
        json({ isBlocked: true, reason: 'This prompt is not allowed by the server.', category: 'hate' }),
    });
    await goToPrompt(user);

    await user.type(promptField(), 'a perfectly innocent prompt');

    expect(await screen.findByText('This prompt is not allowed by the server.')).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });

  it('goes on with the local filter alone when the server check fails', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'POST /api/content-filter': () => new Response('down', { status: 500 }) });
    await goToPrompt(user);

    await user.type(promptField(), 'add rain falling');

    await waitFor(() => expect(calls(requests, 'POST', '/api/content-filter')).toHaveLength(1));
    expect(generateButton()).toBeEnabled();
    expect(promptField()).not.toHaveAttribute('aria-invalid');
  });

  it('removing the photo goes back to step 1 and clears the prompt', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);
    await user.type(promptField(), 'add snow falling');

    await user.click(screen.getByRole('button', { name: 'Remove photo.jpg' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Upload Photo' })).toBeInTheDocument();
    expect(currentStep()).toContain('Upload Photo');
    await uploadPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue with Magic Image Editor' }));
    expect(promptField()).toHaveValue('');
  });

  it('goes back to Choose Editor', async () => {
    const user = userEvent.setup();
    await openEditor();
    await goToPrompt(user);

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Choose Editor' })).toBeInTheDocument();
  });

  it('moves focus to the new step\'s heading', async () => {
    const user = userEvent.setup();
    await openEditor();
    await uploadPhoto(user);

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await expectFocus(await screen.findByRole('heading', { level: 2, name: 'Choose Editor' }));
  });
});
