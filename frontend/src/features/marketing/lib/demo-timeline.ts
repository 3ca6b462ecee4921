/**
 * The landing demo's timeline as plain functions: which screen of the editor is shown, how far
 * into it, and what that means on screen (letters typed, progress, where the before/after
 * divider sits). The component only counts time; everything it draws is derived from here.
 */

/** The editor's screens the demo walks through (000 §2: steps 1, 3, the progress screen, 4). */
export const DEMO_SCENES = ['upload', 'prompt', 'progress', 'result'] as const;
export type DemoScene = (typeof DEMO_SCENES)[number];

export const DEMO_SCENE_LABELS: Readonly<Record<DemoScene, string>> = {
  upload: 'Upload',
  prompt: 'Prompt',
  progress: 'Magic',
  result: 'Result',
};

/** The editor's step (1-4) each screen belongs to, for the demo's step bar. */
export const DEMO_SCENE_STEP: Readonly<Record<DemoScene, 1 | 3 | 4>> = {
  upload: 1,
  prompt: 3,
  progress: 3,
  result: 4,
};

/** How often the demo moves on, in ms. */
export const DEMO_TICK_MS = 100;

const UPLOAD_MS = 2600;
/** When the photo lands in the drop zone. */
export const PHOTO_DROPPED_AT_MS = 700;
const TYPE_START_MS = 500;
export const TYPE_MS_PER_CHAR = 40;
/** After the last letter: Generate is pressed and held in view. */
const TYPE_HOLD_MS = 1100;
const PROGRESS_MS = 2800;
const RESULT_MS = 4800;
/** The result's before/after divider: hold on "before", sweep to "after", come back to the middle. */
const SWEEP_START_MS = 600;
const SWEEP_END_MS = 2200;
const SETTLE_END_MS = 3200;

/** When the last letter of the prompt is typed (prompt screen). */
function typedAt(prompt: string): number {
  return TYPE_START_MS + prompt.length * TYPE_MS_PER_CHAR;
}

export function sceneDuration(scene: DemoScene, prompt: string): number {
  switch (scene) {
    case 'upload':
      return UPLOAD_MS;
    case 'prompt':
      return typedAt(prompt) + TYPE_HOLD_MS;
    case 'progress':
      return PROGRESS_MS;
    case 'result':
      return RESULT_MS;
  }
}

export interface DemoPosition {
  /** Index into the examples. */
  example: number;
  /** Index into DEMO_SCENES. */
  scene: number;
  /** Time spent in this scene, in ms. */
  elapsed: number;
}

export const DEMO_START: DemoPosition = { example: 0, scene: 0, elapsed: 0 };

/**
 * The position `ms` later: past the end of a scene it goes on to the next one, past the last
 * scene to the next example, past the last example back to the first.
 */
export function advance(position: DemoPosition, ms: number, prompts: readonly string[]): DemoPosition {
  if (prompts.length === 0) return position;
  let { example, scene } = position;
  let elapsed = position.elapsed + Math.max(0, ms);
  for (;;) {
    const duration = sceneDuration(DEMO_SCENES[scene]!, prompts[example]!);
    if (elapsed < duration) return { example, scene, elapsed };
    elapsed -= duration;
    scene += 1;
    if (scene === DEMO_SCENES.length) {
      scene = 0;
      example = (example + 1) % prompts.length;
    }
  }
}

/** A scene as it looks at its end (everything typed, the result settled): for a paused still. */
export function stillOf(example: number, scene: number, prompt: string): DemoPosition {
  return { example, scene, elapsed: sceneDuration(DEMO_SCENES[scene]!, prompt) - 1 };
}

/** Whether the photo is in the drop zone yet (upload screen). */
export function photoDropped(elapsed: number): boolean {
  return elapsed >= PHOTO_DROPPED_AT_MS;
}

/** How many letters of the prompt are typed (prompt screen). */
export function typedLength(prompt: string, elapsed: number): number {
  const letters = Math.floor((elapsed - TYPE_START_MS) / TYPE_MS_PER_CHAR);
  return Math.min(prompt.length, Math.max(0, letters));
}

/** Whether Generate has been pressed (prompt screen): once the prompt is typed. */
export function generatePressed(prompt: string, elapsed: number): boolean {
  return elapsed >= typedAt(prompt) + TYPE_HOLD_MS / 3;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function ease(t: number): number {
  return t * t * (3 - 2 * t);
}

/** The progress bar, 0-1 (progress screen): quick at first, slowing down, full at the end. */
export function progressFraction(elapsed: number): number {
  const t = clamp01(elapsed / PROGRESS_MS);
  return 1 - (1 - t) * (1 - t);
}

/**
 * How much of the result shows the edited picture, 0-1 from the right (result screen): all
 * "before" first, swept to all "after", then back to half and half.
 */
export function afterShare(elapsed: number): number {
  if (elapsed <= SWEEP_START_MS) return 0;
  if (elapsed <= SWEEP_END_MS) return ease((elapsed - SWEEP_START_MS) / (SWEEP_END_MS - SWEEP_START_MS));
  if (elapsed <= SETTLE_END_MS) return 1 - 0.5 * ease((elapsed - SWEEP_END_MS) / (SETTLE_END_MS - SWEEP_END_MS));
  return 0.5;
}
