import type { GenerationResult, GenerationStyle } from '../api/editor.api';

/**
 * The editor's workflow (000 §4 "Workflow step", "Saved state of a result") as a plain reducer:
 * 1 Upload Photo, 2 Choose Editor, 3 Add Prompt, 4 Download Results.
 */
export type Step = 1 | 2 | 3 | 4;

export const FIRST_STEP: Step = 1;
export const LAST_STEP: Step = 4;

export const STEP_TITLES: Readonly<Record<Step, string>> = {
  1: 'Upload Photo',
  2: 'Choose Editor',
  3: 'Add Prompt',
  4: 'Download Results',
};

export interface EditorState {
  step: Step;
  image: File | null;
  prompt: string;
  style: GenerationStyle;
  result: GenerationResult | null;
  /** Saved state of the result: not saved ⇄ saved (My Edits). */
  isSaved: boolean;
}

export const initialEditorState: EditorState = {
  step: FIRST_STEP,
  image: null,
  prompt: '',
  style: 'realistic',
  result: null,
  isSaved: false,
};

export type EditorAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'imageSelected'; image: File }
  | { type: 'imageRemoved' }
  /** "Continue with Magic Image Editor": the style becomes realistic, on to the prompt. */
  | { type: 'editorChosen' }
  | { type: 'promptChanged'; prompt: string }
  | { type: 'generationSucceeded'; result: GenerationResult }
  | { type: 'generationFailed' }
  | { type: 'savedChanged'; isSaved: boolean }
  /** "Try Another Prompt". */
  | { type: 'reset' };

function clampStep(step: number): Step {
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, step)) as Step;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'next':
      // Forward moves are capped: the step never reaches 5.
      return { ...state, step: clampStep(state.step + 1) };
    case 'back':
      // Back moves stop at 1.
      return { ...state, step: clampStep(state.step - 1) };
    case 'imageSelected':
      // A new photo means a new edit: an older result no longer belongs to it.
      return { ...state, image: action.image, result: null, isSaved: false };
    case 'imageRemoved':
      // On step 1 the photo is only swapped. Past it (000 §4: on step 3) there is nothing to edit
      // any more: back to step 1, and the prompt written for that photo is cleared.
      if (state.step === FIRST_STEP) return { ...state, image: null };
      return { ...state, step: FIRST_STEP, image: null, prompt: '', result: null, isSaved: false };
    case 'editorChosen':
      return { ...state, style: 'realistic', step: 3 };
    case 'promptChanged':
      return { ...state, prompt: action.prompt };
    case 'generationSucceeded':
      return { ...state, step: LAST_STEP, result: action.result, isSaved: false };
    case 'generationFailed':
      // Failure stays on the current step (the error toast is the caller's).
      return state;
    case 'savedChanged':
      return { ...state, isSaved: action.isSaved };
    case 'reset':
      // Everything: step 1, no image, empty prompt, style realistic.
      return initialEditorState;
  }
}

/** 000 §5 "Generation preconditions": the "Missing information" text, or null when all is there. */
export function missingInformation(state: Pick<EditorState, 'image' | 'prompt' | 'style'>): string | null {
  if (state.style === 'cartoon') return state.image ? null : 'Please upload an image first.';
  if (!state.image || state.prompt.trim() === '') return 'Please upload an image and enter a prompt first.';
  return null;
}
