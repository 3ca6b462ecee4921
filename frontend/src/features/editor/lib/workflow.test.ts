import { describe, expect, it } from 'vitest';
import type { GenerationResult } from '../api/editor.api';
import { editorReducer, initialEditorState, missingInformation, type EditorAction, type EditorState, type Step } from './workflow';

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
    expect(state).toEqual({ step: 1, image: null, prompt: '', style: 'realistic', result: null, isSaved: false });
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
