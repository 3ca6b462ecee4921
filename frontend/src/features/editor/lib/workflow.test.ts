import { describe, expect, it } from 'vitest';
import type { GenerationResult } from '../api/editor.api';
import {
  canRedo,
  canUndo,
  currentVersion,
  editorReducer,
  initialEditorState,
  missingInformation,
  ORIGINAL,
  originalOf,
  type EditorAction,
  type EditorState,
  type Step,
} from './workflow';

const photo = new File(['jpeg bytes'], 'photo.jpg', { type: 'image/jpeg' });
const result: GenerationResult = {
  id: 'img-1',
  imageUrl: '/api/images/img-1',
  originalUrl: '/api/images/img-1/original',
  downloadUrl: '/api/images/img-1/download',
  watermarked: false,
  originalRenditions: [],
  generatedRenditions: [],
};

function at(step: Step, more: Partial<EditorState> = {}): EditorState {
  return { ...initialEditorState, image: photo, step, ...more };
}

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

describe('editor workflow (000 §4 "Workflow step")', () => {
  it('starts on step 1 with no image, an empty prompt and style realistic', () => {
    expect(initialEditorState).toMatchObject({ step: 1, image: null, prompt: '', style: 'realistic', result: null, isSaved: false });
  });

  it('moves forward one step at a time', () => {
    expect(run(at(1), { type: 'next' }).step).toBe(2);
    expect(run(at(2), { type: 'next' }).step).toBe(3);
  });

  it('caps forward moves so the step never reaches 5', () => {
    expect(run(at(3), { type: 'next' }, { type: 'next' }, { type: 'next' }).step).toBe(4);
    expect(run(at(4), { type: 'next' }).step).toBe(4);
  });

  it('moves back one step at a time and stops at 1', () => {
    expect(run(at(4), { type: 'back' }).step).toBe(3);
    expect(run(at(2), { type: 'back' }).step).toBe(1);
    expect(run(at(1), { type: 'back' }, { type: 'back' }).step).toBe(1);
  });

  it('keeps the photo and prompt when moving back', () => {
    const state = run(at(3, { prompt: 'add snow falling' }), { type: 'back' }, { type: 'back' });
    expect(state).toMatchObject({ step: 1, image: photo, prompt: 'add snow falling' });
  });

  it('sets the style to realistic when the Magic Image Editor is chosen, and goes to the prompt', () => {
    const state = run(at(2, { style: 'cartoon' }), { type: 'editorChosen' });
    expect(state).toMatchObject({ step: 3, style: 'realistic' });
  });

  it('moves to step 4 with the result when generation succeeds', () => {
    const state = run(at(3, { prompt: 'add snow falling' }), { type: 'generationSucceeded', result });
    expect(state).toMatchObject({ step: 4, result, isSaved: false, prompt: 'add snow falling', image: photo });
  });

  it('stays on the current step when generation fails', () => {
    const onPrompt = at(3, { prompt: 'add snow falling' });
    expect(run(onPrompt, { type: 'generationFailed' })).toEqual(onPrompt);
    // A failed regeneration keeps the result that is on screen.
    const onResults = at(4, { prompt: 'add snow falling', result });
    expect(run(onResults, { type: 'generationFailed' })).toEqual(onResults);
  });

  it('"Try Another Prompt" resets everything: step 1, no image, empty prompt, style realistic', () => {
    const state = run(at(4, { prompt: 'add snow falling', style: 'cartoon', result, isSaved: true }), { type: 'reset' });
    expect(state).toEqual({
      step: 1,
      image: null,
      prompt: '',
      style: 'realistic',
      result: null,
      isSaved: false,
      // Issue 26: and no edit chain.
      versions: [],
      current: ORIGINAL,
      variantGroup: null,
    });
  });

  it('removing the image on step 3 goes back to step 1 and clears the prompt', () => {
    const state = run(at(3, { prompt: 'add snow falling' }), { type: 'imageRemoved' });
    expect(state).toMatchObject({ step: 1, image: null, prompt: '' });
  });

  it('removing the image on step 1 only removes the image', () => {
    const state = run(at(1, { prompt: 'add snow falling' }), { type: 'imageRemoved' });
    expect(state).toMatchObject({ step: 1, image: null, prompt: 'add snow falling' });
  });

  it('takes a chosen photo and forgets a result that belonged to the previous one', () => {
    const other = new File(['png bytes'], 'other.png', { type: 'image/png' });
    const state = run(at(1, { result, isSaved: true }), { type: 'imageSelected', image: other });
    expect(state).toMatchObject({ step: 1, image: other, result: null, isSaved: false });
  });

  it('follows the prompt as it is typed', () => {
    expect(run(at(3), { type: 'promptChanged', prompt: 'make it black and white' }).prompt).toBe('make it black and white');
  });
});

describe('saved state of a result (000 §4)', () => {
  it('goes from not saved to saved and back', () => {
    const saved = run(at(4, { result }), { type: 'savedChanged', isSaved: true });
    expect(saved.isSaved).toBe(true);
    expect(run(saved, { type: 'savedChanged', isSaved: false }).isSaved).toBe(false);
  });

  it('is not saved for a new result', () => {
    const state = run(at(4, { result, isSaved: true }), { type: 'generationSucceeded', result: { ...result, id: 'img-2' } });
    expect(state.isSaved).toBe(false);
  });
});

describe('generation preconditions (000 §5)', () => {
  it('needs an image and a prompt for the realistic style', () => {
    const text = 'Please upload an image and enter a prompt first.';
    expect(missingInformation({ image: null, prompt: 'add snow falling', style: 'realistic' })).toBe(text);
    expect(missingInformation({ image: photo, prompt: '   ', style: 'realistic' })).toBe(text);
    expect(missingInformation({ image: photo, prompt: 'add snow falling', style: 'realistic' })).toBeNull();
  });

  it('needs only an image for the cartoon style', () => {
    expect(missingInformation({ image: null, prompt: '', style: 'cartoon' })).toBe('Please upload an image first.');
    expect(missingInformation({ image: photo, prompt: '', style: 'cartoon' })).toBeNull();
  });
});

describe('edit chains (issue 26, D38)', () => {
  function made(id: string, more: Partial<GenerationResult> = {}): GenerationResult {
    return {
      id,
      imageUrl: `/api/images/${id}`,
      originalUrl: `/api/images/${id}/original`,
      downloadUrl: `/api/images/${id}/download`,
      watermarked: false,
      originalRenditions: [],
      generatedRenditions: [],
      ...more,
    };
  }

  /** Upload → v1 → edit → v2 → edit → v3: the result step on v3. */
  function chainOfThree(): EditorState {
    return run(
      at(3, { prompt: 'add snow falling' }),
      { type: 'generationSucceeded', result: made('v1') },
      { type: 'editCurrent' },
      { type: 'promptChanged', prompt: 'make it black and white' },
      { type: 'generationSucceeded', result: made('v2') },
      { type: 'editCurrent' },
      { type: 'promptChanged', prompt: 'add rain falling' },
      { type: 'generationSucceeded', result: made('v3') },
    );
  }

  const ids = (state: EditorState) => state.versions.map((version) => version.id);

  it('puts each result after the version it was made from, with its parent and prompt', () => {
    const state = chainOfThree();
    expect(ids(state)).toEqual(['v1', 'v2', 'v3']);
    expect(state.versions.map((version) => [version.parentId, version.prompt])).toEqual([
      [null, 'add snow falling'],
      ['v1', 'make it black and white'],
      ['v2', 'add rain falling'],
    ]);
    expect(state).toMatchObject({ step: 4, current: 2, result: made('v3') });
    expect(canUndo(state)).toBe(true);
    expect(canRedo(state)).toBe(false);
  });

  it('"Edit this result" goes to the prompt with an empty prompt and the result as the photo; Back returns to it', () => {
    const editing = run(chainOfThree(), { type: 'editCurrent' });
    expect(editing).toMatchObject({ step: 3, prompt: '', current: 2 });
    expect(currentVersion(editing)?.id).toBe('v3');
    expect(missingInformation({ ...editing, image: null, prompt: 'add rain' })).toBeNull();

    expect(run(editing, { type: 'back' })).toMatchObject({ step: 4, current: 2, result: made('v3') });
  });

  it('walks back to the Original with Undo and forward again with Redo, without losing a version', () => {
    let state = chainOfThree();
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(state).toMatchObject({ step: 4, current: 0, result: made('v1') });
    expect(canRedo(state)).toBe(true);

    state = run(state, { type: 'undo' });
    expect(state).toMatchObject({ current: ORIGINAL, result: null });
    expect(canUndo(state)).toBe(false);
    // Undo at the start is nothing.
    expect(run(state, { type: 'undo' })).toBe(state);

    state = run(state, { type: 'redo' }, { type: 'redo' }, { type: 'redo' });
    expect(state).toMatchObject({ current: 2, result: made('v3') });
    expect(run(state, { type: 'redo' })).toBe(state);
    expect(ids(state)).toEqual(['v1', 'v2', 'v3']);
  });

  it('has no Original to go back to when there is neither the upload nor its address', () => {
    const state = run(
      { ...initialEditorState, step: 3, prompt: 'add snow falling' },
      { type: 'generationSucceeded', result: made('v1', { originalUrl: null }) },
    );
    expect(canUndo(state)).toBe(false);
    expect(run(state, { type: 'versionChosen', index: ORIGINAL })).toBe(state);
  });

  it('a new edit from an earlier version starts a branch there: Redo then follows the new branch', () => {
    let state = run(chainOfThree(), { type: 'versionChosen', index: 0 }, { type: 'editCurrent' });
    state = run(state, { type: 'promptChanged', prompt: 'add a rainbow' }, { type: 'generationSucceeded', result: made('v4') });

    expect(ids(state)).toEqual(['v1', 'v4']);
    expect(state.versions[1]).toMatchObject({ parentId: 'v1', prompt: 'add a rainbow' });
    state = run(state, { type: 'undo' }, { type: 'redo' });
    expect(currentVersion(state)?.id).toBe('v4');
  });

  it('a new edit of the Original starts a new chain', () => {
    const state = run(
      chainOfThree(),
      { type: 'versionChosen', index: ORIGINAL },
      { type: 'editCurrent' },
      { type: 'promptChanged', prompt: 'add a rainbow' },
      { type: 'generationSucceeded', result: made('n1') },
    );
    expect(ids(state)).toEqual(['n1']);
    expect(state.versions[0]?.parentId).toBeNull();
  });

  it('Regenerate (a new version from the parent) replaces the version on screen', () => {
    const state = run(chainOfThree(), { type: 'generationSucceeded', result: made('v3b'), from: 1, prompt: 'add rain falling' });
    expect(ids(state)).toEqual(['v1', 'v2', 'v3b']);
    expect(state.versions[2]).toMatchObject({ parentId: 'v2', prompt: 'add rain falling' });
  });

  it('remembers the saved state of each version', () => {
    let state = run(chainOfThree(), { type: 'savedChanged', isSaved: true });
    state = run(state, { type: 'undo' });
    expect(state.isSaved).toBe(false);
    state = run(state, { type: 'redo' });
    expect(state.isSaved).toBe(true);
  });

  it('"Try Another Prompt" and removing the photo forget the chain', () => {
    expect(run(chainOfThree(), { type: 'reset' })).toEqual(initialEditorState);
    const removed = run(chainOfThree(), { type: 'editCurrent' }, { type: 'imageRemoved' });
    expect(removed).toMatchObject({ step: 1, image: null, versions: [], current: ORIGINAL, result: null });
  });

  it('opens a loaded history on the result step with the asked-for version current, and Redo goes on to its newest child', () => {
    const version = (id: string, parentImageId: string | null, prompt: string) => ({
      id,
      parentImageId,
      rootImageId: 'h1',
      variantGroupId: null,
      prompt,
      style: 'realistic' as const,
      watermarked: false,
      isPublic: false,
      createdAt: '2030-06-01T12:00:00.000Z',
      imageUrl: `/api/images/${id}`,
      originalUrl: `/api/images/${id}/original`,
      downloadUrl: `/api/images/${id}/download`,
      originalRenditions: [],
      generatedRenditions: [],
    });
    const state = run(initialEditorState, {
      type: 'historyLoaded',
      id: 'h2',
      history: {
        chain: [version('h1', null, 'add snow falling'), version('h2', 'h1', 'make it black and white')],
        children: [version('h3', 'h2', 'older child'), version('h4', 'h2', 'newest child')],
      },
    });

    expect(state).toMatchObject({ step: 4, current: 1, image: null, prompt: 'make it black and white' });
    expect(ids(state)).toEqual(['h1', 'h2', 'h4']);
    expect(state.result?.imageUrl).toBe('/api/images/h2');
    expect(originalOf(state)?.originalUrl).toBe('/api/images/h1/original');
    expect(canUndo(state)).toBe(true);
    expect(currentVersion(run(state, { type: 'redo' }))?.id).toBe('h4');
  });
});

describe('variants (issue 26, D39)', () => {
  const variant = (id: string, status: 'completed' | 'failed' = 'completed') => ({
    id,
    status,
    imageUrl: status === 'completed' ? `/api/images/${id}` : null,
    originalUrl: status === 'completed' ? `/api/images/${id}/original` : null,
    downloadUrl: status === 'completed' ? `/api/images/${id}/download` : null,
    watermarked: status === 'completed' ? false : null,
    originalRenditions: [],
    generatedRenditions: [],
    error: status === 'failed' ? { code: 'GENERATION.FAILED', message: 'The model failed.' } : null,
  });
  const answer: GenerationResult = {
    ...result,
    id: 'a',
    imageUrl: '/api/images/a',
    variants: [variant('a'), variant('b', 'failed'), variant('c'), variant('d')],
  };

  it('shows the first completed variant and keeps the group', () => {
    const state = run(at(3, { prompt: 'add snow falling' }), { type: 'generationSucceeded', result: answer });
    expect(currentVersion(state)?.id).toBe('a');
    expect(state.variantGroup?.variants.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    // The version is the image, not the group.
    expect(state.result).not.toHaveProperty('variants');
  });

  it('picking one makes it the current version, with the same parent and prompt; a failed one cannot be picked', () => {
    let state = run(at(3, { prompt: 'add snow falling' }), { type: 'generationSucceeded', result: answer });
    state = run(state, { type: 'variantPicked', id: 'c' });
    expect(currentVersion(state)).toMatchObject({ id: 'c', parentId: null, prompt: 'add snow falling' });
    expect(state.result).toMatchObject({ id: 'c', imageUrl: '/api/images/c', downloadUrl: '/api/images/c/download' });
    expect(state.versions).toHaveLength(1);
    expect(run(state, { type: 'variantPicked', id: 'b' })).toBe(state);

    state = run(state, { type: 'variantPublished', id: 'c' });
    expect(state.variantGroup?.published).toEqual(['c']);
  });

  it('a single result has no group', () => {
    expect(run(at(3, { prompt: 'x' }), { type: 'generationSucceeded', result }).variantGroup).toBeNull();
  });
});
