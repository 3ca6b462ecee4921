import { PROMPT_SUGGESTIONS } from '@generation-rules/prompt-suggestions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import { TOAST_TITLE } from '../../../test/toasts';
import { GENERATED, calls, generateButton, goToPrompt, openEditor, promptField } from '../pages/editor-test-kit';

/** Issue 15 "local mode tells the truth": the prompt step follows GET /api/generation/capabilities. */
const NEEDS_AI = ['change the background to a beach at sunset', 'put the girl in a black dress', 'remove the person on the left'];
const CAPABILITIES = [
  { name: 'black and white', example: 'make it black and white' },
  { name: 'snow falling', example: 'add snow falling' },
  { name: 'a caption in quotes', example: 'add the caption "Best day ever"' },
];
const LOCAL = {
  engine: 'local',
  suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: !NEEDS_AI.includes(prompt) })),
  capabilities: CAPABILITIES,
};
const REPLICATE = { engine: 'replicate', suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: true })), capabilities: null };

const SHORT_REFUSAL =
  "The local editing engine can't do that edit: it needs the AI model. Try one it can do, such as make it black and white or add snow falling.";

function chipNames(): string[] {
  const region = screen.getByRole('region', { name: 'Need ideas? Try one:' });
  return within(region)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

function toastText(text: string) {
  return screen.findByText(text, { selector: '[data-sonner-toast] *' });
}

describe('the prompt step with the local engine (issue 15)', () => {
  it('shows the chips it does first and marks the three that need the AI model, last', async () => {
    const user = userEvent.setup();
    await openEditor({ 'GET /api/generation/capabilities': () => json(LOCAL) });
    await goToPrompt(user);

    await waitFor(() => expect(chipNames().at(-1)).toContain('needs the AI model'));
    const names = chipNames();
    expect(names).toHaveLength(12);
    expect(names.slice(0, 9)).toEqual(PROMPT_SUGGESTIONS.filter((p) => !NEEDS_AI.includes(p)));
    expect(names.slice(9)).toEqual(NEEDS_AI.map((p) => `${p} needs the AI model`));
    // The mark is part of the button's name, so a screen reader hears it too.
    expect(screen.getByRole('button', { name: 'put the girl in a black dress needs the AI model' })).toBeInTheDocument();
    // The example in the empty field is one it does.
    expect(promptField()).toHaveAttribute('placeholder', 'e.g. add snow falling');
    expect(screen.getByText('This server edits photos without the AI model.', { exact: false })).toBeInTheDocument();
  });

  it('is asked for on the upload step, so the prompt step opens with its local line and chips in place', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'GET /api/generation/capabilities': () => json(LOCAL) });
    // Asked for before the prompt step: its answer would otherwise move the step's lower half
    // (the brush button among it) just after the step appeared.
    await waitFor(() => expect(calls(requests, 'GET', '/api/generation/capabilities')).toHaveLength(1));
    await goToPrompt(user);
    expect(screen.getByText('This server edits photos without the AI model.', { exact: false })).toBeInTheDocument();
    expect(chipNames().at(-1)).toContain('needs the AI model');
    expect(calls(requests, 'GET', '/api/generation/capabilities')).toHaveLength(1);
  });

  it('marks the chips busy while the engine is not known yet', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    await openEditor({ 'GET /api/generation/capabilities': answer.handler });
    await goToPrompt(user);
    const region = screen.getByRole('region', { name: 'Need ideas? Try one:' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    answer.release(json(LOCAL));
    await waitFor(() => expect(region).not.toHaveAttribute('aria-busy'));
    expect(chipNames().at(-1)).toContain('needs the AI model');
  });

  it('a marked chip gets a one-line note with a link to the list; choosing an example from the list fills the prompt', async () => {
    const user = userEvent.setup();
    await openEditor({ 'GET /api/generation/capabilities': () => json(LOCAL) });
    await goToPrompt(user);
    await user.click(await screen.findByRole('button', { name: 'remove the person on the left needs the AI model' }));

    expect(promptField()).toHaveValue('remove the person on the left');
    const note = await screen.findByText("The local editing engine can't do that edit: it needs the AI model.", { exact: false });
    expect(promptField()).toHaveAccessibleDescription(expect.stringContaining('needs the AI model'));
    await user.click(within(note).getByRole('button', { name: 'See what works locally' }));

    const dialog = await screen.findByRole('dialog', { name: 'What works locally' });
    for (const { name, example } of CAPABILITIES) {
      expect(within(dialog).getByText(name)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: example })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'add the caption "Best day ever"' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(promptField()).toHaveValue('add the caption "Best day ever"');
    // A prompt it does: no note.
    expect(screen.queryByText("The local editing engine can't do that edit: it needs the AI model.", { exact: false })).not.toBeInTheDocument();
  });

  it('a refused prompt gets a short Generation Error and a note linking to the list, not a 12-line list', async () => {
    const user = userEvent.setup();
    await openEditor({
      'GET /api/generation/capabilities': () => json(LOCAL),
      'POST /api/generate': () =>
        json(
          { message: SHORT_REFUSAL, code: 'GENERATION.UNSUPPORTED_EDIT', details: { supported: CAPABILITIES.map((c) => c.name) } },
          { status: 422 },
        ),
    });
    await goToPrompt(user);
    await user.type(promptField(), 'make me a superhero');
    await user.click(generateButton());

    expect(await toastText(SHORT_REFUSAL)).toBeInTheDocument();
    expect(screen.getByText('Generation Error', { selector: TOAST_TITLE })).toBeInTheDocument();
    // Back on the prompt step, with the note and its link.
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
    const note = screen.getByText("The local editing engine can't do that edit: it needs the AI model.", { exact: false, selector: 'p' });
    expect(note.textContent!.length).toBeLessThan(120);
    await user.click(within(note).getByRole('button', { name: 'See what works locally' }));
    expect(await screen.findByRole('dialog', { name: 'What works locally' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Changing the prompt takes the note away.
    await user.type(promptField(), '!');
    expect(screen.queryByText("The local editing engine can't do that edit: it needs the AI model.", { exact: false, selector: 'p' })).not.toBeInTheDocument();
  });

  it('a refused prompt whose server text is long still shows only the short sentence', async () => {
    const user = userEvent.setup();
    const long = `The local editing engine can't do that. It understands: ${Array.from({ length: 18 }, (_, i) => `edit ${i}`).join(', ')}.`;
    await openEditor({
      'GET /api/generation/capabilities': () => json(LOCAL),
      'POST /api/generate': () => json({ message: long, code: 'GENERATION.UNSUPPORTED_EDIT' }, { status: 422 }),
    });
    await goToPrompt(user);
    await user.type(promptField(), 'make me a superhero');
    await user.click(generateButton());
    expect(await toastText("The local editing engine can't do that edit: it needs the AI model.")).toBeInTheDocument();
    expect(screen.queryByText(long, { exact: false })).not.toBeInTheDocument();
  });
});

describe('the prompt step with the AI model (issue 15: as before)', () => {
  it('shows the 12 chips in the spec order, none marked, no local notes', async () => {
    const user = userEvent.setup();
    const { requests } = await openEditor({ 'GET /api/generation/capabilities': () => json(REPLICATE), 'POST /api/generate': () => json(GENERATED) });
    await goToPrompt(user);
    await waitFor(() => expect(calls(requests, 'GET', '/api/generation/capabilities')).toHaveLength(1));

    expect(chipNames()).toEqual([...PROMPT_SUGGESTIONS]);
    expect(screen.queryByText('needs the AI model', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See what works locally' })).not.toBeInTheDocument();
    expect(promptField()).toHaveAttribute('placeholder', 'e.g. change the background to a beach at sunset');
    await user.click(screen.getByRole('button', { name: 'put the girl in a black dress' }));
    expect(screen.queryByText('needs the AI model', { exact: false })).not.toBeInTheDocument();
  });

  it('while the engine cannot be told (the call failed), also as before', async () => {
    const user = userEvent.setup();
    await openEditor({ 'GET /api/generation/capabilities': () => json({ message: 'boom' }, { status: 500 }) });
    await goToPrompt(user);
    expect(chipNames()).toEqual([...PROMPT_SUGGESTIONS]);
    expect(screen.queryByRole('button', { name: 'See what works locally' })).not.toBeInTheDocument();
  });
});
