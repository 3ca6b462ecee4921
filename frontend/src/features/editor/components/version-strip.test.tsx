import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GenerationResult } from '../api/editor.api';
import { ORIGINAL, type ChainVersion } from '../lib/workflow';
import { shortcutOf, VersionStrip, type VersionStripProps } from './version-strip';

function version(id: string, prompt: string, parentId: string | null): ChainVersion {
  const result: GenerationResult = {
    id,
    imageUrl: `/api/images/${id}`,
    originalUrl: `/api/images/${id}/original`,
    downloadUrl: `/api/images/${id}/download`,
    watermarked: false,
    originalRenditions: [],
    generatedRenditions: [
      { url: `/api/images/${id}/renditions/generated-320-aaaaaaaaaaaaaaaa.webp`, width: 320, height: 240 },
      { url: `/api/images/${id}/renditions/generated-640-aaaaaaaaaaaaaaaa.webp`, width: 640, height: 480 },
    ],
  };
  return { id, parentId, prompt, style: 'realistic', result, isSaved: false };
}

const VERSIONS = [version('v1', 'add snow falling', null), version('v2', 'make it black and white', 'v1'), version('v3', 'add rain falling', 'v2')];

function setup(props: Partial<VersionStripProps> = {}) {
  const handlers = { onChoose: vi.fn(), onUndo: vi.fn(), onRedo: vi.fn() };
  render(
    <>
      <label>
        Notes
        <textarea />
      </label>
      <label>
        Title
        <input type="text" />
      </label>
      <div contentEditable suppressContentEditableWarning data-testid="editable">
        text
      </div>
      <VersionStrip
        original={{ src: '/api/images/v1/original', renditions: [] }}
        versions={VERSIONS}
        current={1}
        canUndo
        canRedo
        {...handlers}
        {...props}
      />
    </>,
  );
  return { ...handlers, user: userEvent.setup(), strip: screen.getByRole('region', { name: 'Versions' }) };
}

describe('VersionStrip (issue 26, D38)', () => {
  it('lists the Original, then each version by number and prompt, with the current one marked', () => {
    const { strip } = setup();
    const items = within(strip).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      'Original',
      'Version 1: add snow falling',
      'Version 2: make it black and white',
      'Version 3: add rain falling',
    ]);
    const current = within(strip).getByRole('button', { name: 'Version 2: make it black and white' });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(strip).getAllByRole('button').filter((button) => button.hasAttribute('aria-current'))).toEqual([current]);
    expect(current).toHaveAttribute('title', 'make it black and white');
    expect(within(strip).getByText('Version 2 of 3')).toBeInTheDocument();
  });

  it('draws each thumbnail from the smallest rendition, as decoration (the button names it)', () => {
    const { strip } = setup();
    const thumbnail = within(strip).getByRole('button', { name: 'Version 3: add rain falling' }).querySelector('img');
    expect(thumbnail).toHaveAttribute('alt', '');
    expect(thumbnail).toHaveAttribute('srcset', '/api/images/v3/renditions/generated-320-aaaaaaaaaaaaaaaa.webp 320w');
    expect(within(strip).queryAllByRole('img')).toEqual([]);
  });

  it('marks the Original when it is current', () => {
    const { strip } = setup({ current: ORIGINAL, canUndo: false });
    expect(within(strip).getByRole('button', { name: 'Original' })).toHaveAttribute('aria-current', 'true');
    expect(within(strip).getByText('Original', { selector: 'p' })).toBeInTheDocument();
  });

  it('enables Undo and Redo as told, and chooses a version on click', async () => {
    const { strip, user, onChoose, onUndo, onRedo } = setup({ canUndo: false, canRedo: true });
    expect(within(strip).getByRole('button', { name: 'Undo' })).toBeDisabled();
    const redo = within(strip).getByRole('button', { name: 'Redo' });
    expect(redo).toBeEnabled();

    await user.click(redo);
    await user.click(within(strip).getByRole('button', { name: 'Original' }));
    await user.click(within(strip).getByRole('button', { name: 'Version 3: add rain falling' }));

    expect(onRedo).toHaveBeenCalledTimes(1);
    expect(onUndo).not.toHaveBeenCalled();
    expect(onChoose.mock.calls).toEqual([[ORIGINAL], [2]]);
  });

  it('takes Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (and Ctrl+Y) outside text fields', async () => {
    const { user, onUndo, onRedo } = setup();
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Meta>}z{/Meta}');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await user.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    await user.keyboard('{Control>}y{/Control}');
    expect(onUndo).toHaveBeenCalledTimes(2);
    expect(onRedo).toHaveBeenCalledTimes(3);
  });

  it('leaves the keys to a textarea, a text input and a contenteditable', async () => {
    const { user, onUndo, onRedo } = setup();
    for (const field of [screen.getByRole('textbox', { name: 'Notes' }), screen.getByRole('textbox', { name: 'Title' }), screen.getByTestId('editable')]) {
      field.focus();
      await user.keyboard('{Control>}z{/Control}');
      await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    }
    expect(onUndo).not.toHaveBeenCalled();
    expect(onRedo).not.toHaveBeenCalled();
  });

  it('does nothing on a shortcut at an end of the chain', async () => {
    const { user, onUndo, onRedo } = setup({ canUndo: false, canRedo: false });
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Control>}y{/Control}');
    expect(onUndo).not.toHaveBeenCalled();
    expect(onRedo).not.toHaveBeenCalled();
  });

  it('reads the shortcuts from the keys', () => {
    const keys = { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
    expect(shortcutOf({ ...keys, key: 'z' })).toBeNull();
    expect(shortcutOf({ ...keys, key: 'z', ctrlKey: true })).toBe('undo');
    expect(shortcutOf({ ...keys, key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(shortcutOf({ ...keys, key: 'y', ctrlKey: true })).toBe('redo');
    expect(shortcutOf({ ...keys, key: 'z', ctrlKey: true, altKey: true })).toBeNull();
  });
});
