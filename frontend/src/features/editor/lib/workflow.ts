import { variantResult, versionResult, type EditHistory, type GenerationResult, type GenerationStyle, type GenerationVariant } from '../api/editor.api';

/**
 * The editor's workflow (000 §4 "Workflow step", "Saved state of a result") as a plain reducer:
 * 1 Upload Photo, 2 Choose Editor, 3 Add Prompt, 4 Download Results.
 *
 * Issue 26 (D38, D39): the results form an edit chain. `versions` is the path the editor shows in
 * its version strip, from the chain's first version to the tip of the branch last walked; before
 * it comes the "Original" (the uploaded photo, index -1). `current` is the version on screen;
 * Undo and Redo move it along the path without a request (D38: navigation costs nothing), and a
 * new generation from version k keeps versions 0..k and puts the new one after them.
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

/** The index of the "Original" (the uploaded photo) on the version path. */
export const ORIGINAL = -1;

/** One version of the edit chain: an image the server made, with the prompt it was made from. */
export interface ChainVersion {
  id: string;
  /** The version it was made from; null when it was made from the uploaded photo. */
  parentId: string | null;
  prompt: string;
  style: GenerationStyle;
  result: GenerationResult;
  /** Saved to My Edits from this screen (000 §4); unknown (false) for a version loaded from the history. */
  isSaved: boolean;
}

/** D39: the variants one Generate made, shown as a grid while one of them is on screen. */
export interface VariantGroup {
  variants: GenerationVariant[];
  /** The variants already made public because "Share to community" was on when they were picked. */
  published: string[];
}

export interface EditorState {
  step: Step;
  /** The uploaded photo; null after a reload (the Original is then the server's copy). */
  image: File | null;
  prompt: string;
  style: GenerationStyle;
  /** The version on screen (the current one's result); null while the Original or nothing is. */
  result: GenerationResult | null;
  /** Saved state of the result: not saved ⇄ saved (My Edits). */
  isSaved: boolean;
  /** The version path (see above). */
  versions: ChainVersion[];
  /** The current version's index in `versions`, or ORIGINAL. */
  current: number;
  /** The variants of the last Generate that asked for more than one. */
  variantGroup: VariantGroup | null;
}

export const initialEditorState: EditorState = {
  step: FIRST_STEP,
  image: null,
  prompt: '',
  style: 'realistic',
  result: null,
  isSaved: false,
  versions: [],
  current: ORIGINAL,
  variantGroup: null,
};

export type EditorAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'imageSelected'; image: File }
  | { type: 'imageRemoved' }
  /** "Continue with Magic Image Editor": the style becomes realistic, on to the prompt. */
  | { type: 'editorChosen' }
  | { type: 'promptChanged'; prompt: string }
  /**
   * A generation succeeded. `from` is the index it was made from (the current version by
   * default; ORIGINAL for the uploaded photo); `prompt` and `style` what it was made with
   * (the prompt field and the style by default).
   */
  | { type: 'generationSucceeded'; result: GenerationResult; from?: number; prompt?: string; style?: GenerationStyle }
  | { type: 'generationFailed' }
  | { type: 'savedChanged'; isSaved: boolean }
  /** "Try Another Prompt". */
  | { type: 'reset' }
  /** "Edit this result": the prompt step, with the version on screen as the photo (D38). */
  | { type: 'editCurrent' }
  /** A version of the strip was chosen (index ORIGINAL for the Original). */
  | { type: 'versionChosen'; index: number }
  | { type: 'undo' }
  | { type: 'redo' }
  /** `/dashboard?image={id}` was opened: the history of `id` arrived. */
  | { type: 'historyLoaded'; id: string; history: EditHistory }
  /** D39: "Use this one" on a variant. */
  | { type: 'variantPicked'; id: string }
  /** D39: the picked variant was made public (the share switch was on). */
  | { type: 'variantPublished'; id: string };

function clampStep(step: number): Step {
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, step)) as Step;
}

/** The lowest index the path can go back to: the Original when its address is known, else the first version. */
export function firstIndex(state: Pick<EditorState, 'versions' | 'image'>): number {
  return state.image || originalOf(state) ? ORIGINAL : 0;
}

/** The Original (the uploaded photo as the server keeps it): the first version's `originalUrl`. */
export function originalOf(state: Pick<EditorState, 'versions'>): Pick<GenerationResult, 'originalUrl' | 'originalRenditions'> | null {
  const first = state.versions[0];
  if (!first?.result.originalUrl) return null;
  return { originalUrl: first.result.originalUrl, originalRenditions: first.result.originalRenditions };
}

export function canUndo(state: Pick<EditorState, 'versions' | 'image' | 'current'>): boolean {
  return state.versions.length > 0 && state.current > firstIndex(state);
}

export function canRedo(state: Pick<EditorState, 'versions' | 'current'>): boolean {
  return state.current < state.versions.length - 1;
}

/** The version on screen, or null for the Original. */
export function currentVersion(state: Pick<EditorState, 'versions' | 'current'>): ChainVersion | null {
  return state.versions[state.current] ?? null;
}

/** The result step shows `index` (a navigation: nothing is sent, D38). */
function show(state: EditorState, index: number): EditorState {
  const version = state.versions[index] ?? null;
  return { ...state, step: LAST_STEP, current: index, result: version?.result ?? null, isSaved: version?.isSaved ?? false };
}

function toVersion(result: GenerationResult & { id: string }, parentId: string | null, prompt: string, style: GenerationStyle): ChainVersion {
  // The variants belong to the group, not to the version.
  const { variants: _variants, ...own } = result;
  return { id: result.id, parentId, prompt, style, result: own, isSaved: false };
}

function succeeded(state: EditorState, action: Extract<EditorAction, { type: 'generationSucceeded' }>): EditorState {
  const { result } = action;
  const prompt = (action.prompt ?? state.prompt).trim();
  const style = action.style ?? state.style;
  if (!result.id) {
    // An answer without an id can be shown and downloaded, not edited again (D38 needs its id).
    return { ...state, step: LAST_STEP, result, isSaved: false, versions: [], current: ORIGINAL, variantGroup: null };
  }
  const from = Math.min(action.from ?? state.current, state.versions.length - 1);
  const parent = state.versions[from] ?? null;
  const version = toVersion({ ...result, id: result.id }, parent?.id ?? null, prompt, style);
  const versions = [...state.versions.slice(0, Math.max(0, from + 1)), version];
  const variants = result.variants ?? [];
  return {
    ...state,
    step: LAST_STEP,
    result: version.result,
    isSaved: false,
    versions,
    current: versions.length - 1,
    variantGroup: variants.length > 1 ? { variants, published: [] } : null,
  };
}

function historyLoaded(state: EditorState, { id, history }: Extract<EditorAction, { type: 'historyLoaded' }>): EditorState {
  const at = history.chain.findIndex((version) => version.id === id);
  const chain = at === -1 ? history.chain : history.chain.slice(0, at + 1);
  if (chain.length === 0) return state;
  const versions = chain.map((version, index) => ({
    id: version.id,
    parentId: index === 0 ? null : (chain[index - 1]?.id ?? null),
    prompt: version.prompt,
    style: version.style,
    result: versionResult(version),
    isSaved: false,
  }));
  // Redo after a reload goes on to the newest edit made from this version, if there is one.
  const next = history.children[history.children.length - 1];
  if (next) {
    versions.push({
      id: next.id,
      parentId: next.parentImageId,
      prompt: next.prompt,
      style: next.style,
      result: versionResult(next),
      isSaved: false,
    });
  }
  const current = chain.length - 1;
  const loaded: EditorState = {
    ...initialEditorState,
    prompt: versions[current]?.prompt ?? '',
    style: versions[current]?.style ?? 'realistic',
    versions,
  };
  return show(loaded, current);
}

function variantPicked(state: EditorState, id: string): EditorState {
  const group = state.variantGroup;
  const variant = group?.variants.find((item) => item.id === id);
  const result = variant ? variantResult(variant) : null;
  const shown = currentVersion(state);
  if (!result || !shown || !group?.variants.some((item) => item.id === shown.id)) return state;
  if (shown.id === id) return state;
  const picked: ChainVersion = { ...shown, id, result, isSaved: false };
  // The picked variant takes the place of the one on screen; what came after that one was made from it.
  const versions = [...state.versions.slice(0, state.current), picked];
  return show({ ...state, versions }, state.current);
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'next':
      // Forward moves are capped: the step never reaches 5.
      return { ...state, step: clampStep(state.step + 1) };
    case 'back':
      // Editing a version (D38) had no upload and no editor to choose: back to the result.
      if (state.step === 3 && state.versions.length > 0) return show(state, state.current);
      // Back moves stop at 1.
      return { ...state, step: clampStep(state.step - 1) };
    case 'imageSelected':
      // A new photo means a new edit: an older result (and its chain) no longer belongs to it.
      return { ...state, image: action.image, result: null, isSaved: false, versions: [], current: ORIGINAL, variantGroup: null };
    case 'imageRemoved':
      // On step 1 the photo is only swapped. Past it (000 §4: on step 3) there is nothing to edit
      // any more: back to step 1, and the prompt written for that photo is cleared.
      if (state.step === FIRST_STEP) return { ...state, image: null };
      return { ...initialEditorState, style: state.style };
    case 'editorChosen':
      return { ...state, style: 'realistic', step: 3 };
    case 'promptChanged':
      return { ...state, prompt: action.prompt };
    case 'generationSucceeded':
      return succeeded(state, action);
    case 'generationFailed':
      // Failure stays on the current step (the error toast is the caller's).
      return state;
    case 'savedChanged': {
      const versions = state.versions.map((version, index) => (index === state.current ? { ...version, isSaved: action.isSaved } : version));
      return { ...state, isSaved: action.isSaved, versions };
    }
    case 'reset':
      // Everything: step 1, no image, empty prompt, style realistic.
      return initialEditorState;
    case 'editCurrent':
      if (state.versions.length === 0) return state;
      return { ...state, step: 3, prompt: '' };
    case 'versionChosen':
      if (action.index < firstIndex(state) || action.index >= state.versions.length) return state;
      return show(state, action.index);
    case 'undo':
      return canUndo(state) ? show(state, state.current - 1) : state;
    case 'redo':
      return canRedo(state) ? show(state, state.current + 1) : state;
    case 'historyLoaded':
      return historyLoaded(state, action);
    case 'variantPicked':
      return variantPicked(state, action.id);
    case 'variantPublished': {
      const group = state.variantGroup;
      if (!group || group.published.includes(action.id)) return state;
      return { ...state, variantGroup: { ...group, published: [...group.published, action.id] } };
    }
  }
}

/**
 * 000 §5 "Generation preconditions": the "Missing information" text, or null when all is there.
 * A version of the edit chain (D38) is a photo as much as an upload is.
 */
export function missingInformation(
  state: Pick<EditorState, 'image' | 'prompt' | 'style'> & { versions?: readonly ChainVersion[] },
): string | null {
  const hasPhoto = Boolean(state.image) || (state.versions?.length ?? 0) > 0;
  if (state.style === 'cartoon') return hasPhoto ? null : 'Please upload an image first.';
  if (!hasPhoto || state.prompt.trim() === '') return 'Please upload an image and enter a prompt first.';
  return null;
}
