import { describe, expect, it } from 'vitest';
import {
  DEMO_SCENES,
  DEMO_START,
  PHOTO_DROPPED_AT_MS,
  TYPE_MS_PER_CHAR,
  advance,
  afterShare,
  generatePressed,
  photoDropped,
  progressFraction,
  sceneDuration,
  stillOf,
  typedLength,
} from './demo-timeline';

const PROMPTS = ['make it snow', 'add the caption "Hi"'];

function total(prompt: string): number {
  return DEMO_SCENES.reduce((sum, scene) => sum + sceneDuration(scene, prompt), 0);
}

describe('demo timeline', () => {
  it('moves through the four screens in order, carrying the time left over into the next one', () => {
    const upload = sceneDuration('upload', PROMPTS[0]!);
    expect(advance(DEMO_START, upload - 1, PROMPTS)).toEqual({ example: 0, scene: 0, elapsed: upload - 1 });
    expect(advance(DEMO_START, upload + 30, PROMPTS)).toEqual({ example: 0, scene: 1, elapsed: 30 });
    const typing = sceneDuration('prompt', PROMPTS[0]!);
    expect(advance(DEMO_START, upload + typing + 5, PROMPTS)).toEqual({ example: 0, scene: 2, elapsed: 5 });
  });

  it('goes on to the next example after the result, and back to the first after the last', () => {
    const first = total(PROMPTS[0]!);
    expect(advance(DEMO_START, first, PROMPTS)).toEqual({ example: 1, scene: 0, elapsed: 0 });
    expect(advance(DEMO_START, first + total(PROMPTS[1]!) + 10, PROMPTS)).toEqual({ example: 0, scene: 0, elapsed: 10 });
  });

  it('gives the typing screen time for every letter of its prompt', () => {
    const short = sceneDuration('prompt', 'ab');
    const long = sceneDuration('prompt', 'abcdefghij');
    expect(long - short).toBe(8 * TYPE_MS_PER_CHAR);
  });

  it('types the prompt one letter at a time, never more than the prompt', () => {
    const prompt = PROMPTS[1]!;
    expect(typedLength(prompt, 0)).toBe(0);
    const lengths = Array.from({ length: 60 }, (_, i) => typedLength(prompt, i * 50));
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(Math.max(...lengths)).toBe(prompt.length);
    expect(typedLength(prompt, 1_000_000)).toBe(prompt.length);
    expect(generatePressed(prompt, 0)).toBe(false);
    expect(generatePressed(prompt, sceneDuration('prompt', prompt) - 1)).toBe(true);
  });

  it('drops the photo in after a moment, fills the progress bar, and settles the result half and half', () => {
    expect(photoDropped(PHOTO_DROPPED_AT_MS - 1)).toBe(false);
    expect(photoDropped(PHOTO_DROPPED_AT_MS)).toBe(true);
    expect(progressFraction(0)).toBe(0);
    expect(progressFraction(sceneDuration('progress', ''))).toBe(1);
    expect(afterShare(0)).toBe(0);
    const shares = Array.from({ length: 50 }, (_, i) => afterShare(i * 100));
    expect(Math.max(...shares)).toBe(1);
    expect(afterShare(sceneDuration('result', '') - 1)).toBe(0.5);
  });

  it('makes a still of a screen at its end, inside that screen', () => {
    const still = stillOf(1, 1, PROMPTS[1]!);
    expect(still.scene).toBe(1);
    expect(typedLength(PROMPTS[1]!, still.elapsed)).toBe(PROMPTS[1]!.length);
    expect(advance(still, 0, PROMPTS)).toEqual(still);
    expect(advance(still, 1, PROMPTS).scene).toBe(2);
  });
});
