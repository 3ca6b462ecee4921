import { describe, expect, it, vi } from 'vitest';
import {
  EMPTY_MASK,
  MASK_MAX_SHARE,
  MASK_MIN_SHARE,
  MASK_SHARE_MESSAGES,
  brushSizes,
  formatSharePercent,
  isMaskEmpty,
  maskReducer,
  maskShareProblem,
  maskToPngBlob,
  measureMaskShare,
  paintedShare,
  renderMask,
  renderMaskOverlay,
  type MaskAction,
  type MaskCanvas,
  type MaskDrawingContext,
  type MaskState,
  type Stroke,
} from './mask';

const paint: Stroke = { mode: 'paint', size: 10, points: [{ x: 1, y: 2 }] };
const erase: Stroke = { mode: 'erase', size: 4, points: [{ x: 5, y: 5 }] };

function run(state: MaskState, ...actions: MaskAction[]): MaskState {
  return actions.reduce(maskReducer, state);
}

/** RGBA pixels whose red channels are the given values. */
function pixels(...reds: number[]) {
  return { data: new Uint8ClampedArray(reds.flatMap((red) => [red, red, red, 255])) };
}

/** A 2D context that records what is drawn, with the colour and mode each fill and stroke used. */
function recordingContext(imageData = pixels()) {
  const calls: string[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    globalCompositeOperation: 'source-over',
    setTransform: vi.fn((...args: unknown[]) => calls.push(`setTransform ${args.join(',')}`)),
    fillRect: vi.fn((...args: number[]) => calls.push(`fillRect ${ctx.fillStyle} ${ctx.globalCompositeOperation} ${args.join(',')}`)),
    clearRect: vi.fn((...args: number[]) => calls.push(`clearRect ${args.join(',')}`)),
    beginPath: vi.fn(),
    moveTo: vi.fn((x: number, y: number) => calls.push(`moveTo ${x},${y}`)),
    lineTo: vi.fn((x: number, y: number) => calls.push(`lineTo ${x},${y}`)),
    arc: vi.fn((x: number, y: number, radius: number) => calls.push(`arc ${x},${y} r${radius}`)),
    fill: vi.fn(() => calls.push(`fill ${ctx.fillStyle} ${ctx.globalCompositeOperation}`)),
    stroke: vi.fn(() =>
      calls.push(`stroke ${ctx.strokeStyle} ${ctx.globalCompositeOperation} w${ctx.lineWidth} ${ctx.lineCap}/${ctx.lineJoin}`),
    ),
    getImageData: vi.fn(() => imageData),
  };
  return { ctx: ctx as unknown as MaskDrawingContext & Pick<CanvasRenderingContext2D, 'getImageData'>, calls, raw: ctx };
}

function fakeCanvas(context: ReturnType<typeof recordingContext>['ctx'] | null, blob: Blob | null = new Blob(['png'])) {
  const canvas = {
    width: 300,
    height: 150,
    getContext: vi.fn(() => context),
    toBlob: vi.fn((callback: BlobCallback, type?: string) => {
      canvas.blobType = type;
      callback(blob);
    }),
    blobType: undefined as string | undefined,
  };
  return canvas satisfies MaskCanvas;
}

describe('maskReducer', () => {
  it('begins a stroke and extends the last one', () => {
    const state = run(EMPTY_MASK, { type: 'begin', stroke: erase }, { type: 'begin', stroke: paint }, { type: 'extend', point: { x: 3, y: 4 } });
    expect(state.strokes).toEqual([erase, { ...paint, points: [{ x: 1, y: 2 }, { x: 3, y: 4 }] }]);
  });

  it('does not change the state it is given', () => {
    const before: MaskState = { strokes: [paint], inverted: false };
    run(before, { type: 'extend', point: { x: 9, y: 9 } }, { type: 'invert' }, { type: 'undo' });
    expect(before).toEqual({ strokes: [{ mode: 'paint', size: 10, points: [{ x: 1, y: 2 }] }], inverted: false });
  });

  it('ignores extend without a stroke, and a point equal to the last one', () => {
    expect(run(EMPTY_MASK, { type: 'extend', point: { x: 1, y: 1 } })).toBe(EMPTY_MASK);
    const state: MaskState = { strokes: [paint], inverted: false };
    expect(run(state, { type: 'extend', point: { x: 1, y: 2 } })).toBe(state);
  });

  it('undo removes the last stroke only, and does nothing without strokes', () => {
    expect(run({ strokes: [paint, erase], inverted: true }, { type: 'undo' })).toEqual({ strokes: [paint], inverted: true });
    expect(run(EMPTY_MASK, { type: 'undo' })).toBe(EMPTY_MASK);
  });

  it('clear empties the strokes and resets inverted', () => {
    expect(run({ strokes: [paint, erase], inverted: true }, { type: 'clear' })).toEqual({ strokes: [], inverted: false });
  });

  it('invert toggles and keeps the strokes', () => {
    const once = run({ strokes: [paint], inverted: false }, { type: 'invert' });
    expect(once).toEqual({ strokes: [paint], inverted: true });
    expect(run(once, { type: 'invert' }).inverted).toBe(false);
  });

  it('calls a mask empty only with no strokes and not inverted', () => {
    expect(isMaskEmpty(EMPTY_MASK)).toBe(true);
    expect(isMaskEmpty({ strokes: [], inverted: true })).toBe(false);
    expect(isMaskEmpty({ strokes: [erase], inverted: false })).toBe(false);
  });
});

describe('paintedShare', () => {
  it('counts pixels whose red channel is at least 128', () => {
    expect(paintedShare(pixels(0, 127, 128, 255))).toBe(0.5);
    expect(paintedShare(pixels(255, 255, 255, 0))).toBe(0.75);
  });

  it('reads only the red channel', () => {
    expect(paintedShare({ data: new Uint8ClampedArray([0, 255, 255, 255, 200, 0, 0, 0]) })).toBe(0.5);
  });

  it('is 0 for no pixels', () => {
    expect(paintedShare({ data: new Uint8ClampedArray() })).toBe(0);
  });
});

describe('the share bounds (D40)', () => {
  it('are 0.5% and 99.5%', () => {
    expect(MASK_MIN_SHARE).toBe(0.005);
    expect(MASK_MAX_SHARE).toBe(0.995);
  });

  it('flags a share under 0.5% or over 99.5%, and accepts the bounds themselves', () => {
    expect(maskShareProblem(0)).toBe('too-small');
    expect(maskShareProblem(0.0049)).toBe('too-small');
    expect(maskShareProblem(0.005)).toBeNull();
    expect(maskShareProblem(0.5)).toBeNull();
    expect(maskShareProblem(0.995)).toBeNull();
    expect(maskShareProblem(0.9951)).toBe('too-large');
    expect(maskShareProblem(1)).toBe('too-large');
  });

  it('says what to do about each', () => {
    expect(MASK_SHARE_MESSAGES['too-small']).toBe('Paint a little more of the area to change');
    expect(MASK_SHARE_MESSAGES['too-large']).toBe('Leave some of the photo unpainted, or clear the mask to change the whole photo');
  });
});

describe('formatSharePercent', () => {
  it('rounds to whole percents, with one decimal near the bounds', () => {
    expect(formatSharePercent(0.123)).toBe('12%');
    expect(formatSharePercent(0.003)).toBe('0.3%');
    expect(formatSharePercent(0.9962)).toBe('99.6%');
    expect(formatSharePercent(0)).toBe('0%');
    expect(formatSharePercent(1)).toBe('100%');
  });

  it('never calls a little paint 0%, nor nearly all 100%', () => {
    expect(formatSharePercent(0.0002)).toBe('less than 0.1%');
    expect(formatSharePercent(0.9999)).toBe('more than 99.9%');
  });
});

describe('brushSizes', () => {
  it('is 2%, 5% and 10% of the short side', () => {
    expect(brushSizes(1000)).toEqual({ small: 20, medium: 50, large: 100 });
    expect(brushSizes(3024)).toEqual({ small: 60, medium: 151, large: 302 });
  });

  it('is never under 4 px', () => {
    expect(brushSizes(100)).toEqual({ small: 4, medium: 5, large: 10 });
    expect(brushSizes(0)).toEqual({ small: 4, medium: 4, large: 4 });
  });
});

describe('renderMask', () => {
  const state: MaskState = {
    strokes: [
      { mode: 'paint', size: 8, points: [{ x: 10, y: 20 }, { x: 30, y: 40 }] },
      { mode: 'erase', size: 6, points: [{ x: 12, y: 22 }] },
    ],
    inverted: false,
  };

  it('fills black, paints white round lines and erases in black', () => {
    const { ctx, calls } = recordingContext();
    renderMask(ctx, 100, 50, state);
    expect(calls).toEqual([
      'setTransform 1,0,0,1,0,0',
      'fillRect #000 source-over 0,0,100,50',
      'setTransform 1,0,0,1,0,0',
      'arc 10,20 r4',
      'fill #fff source-over',
      'moveTo 10,20',
      'lineTo 30,40',
      'stroke #fff source-over w8 round/round',
      'arc 12,22 r3',
      'fill #000 source-over',
      'setTransform 1,0,0,1,0,0',
    ]);
  });

  it('inverted: fills white, paints black and erases in white', () => {
    const { ctx, calls } = recordingContext();
    renderMask(ctx, 100, 50, { ...state, inverted: true });
    expect(calls).toContain('fillRect #fff source-over 0,0,100,50');
    expect(calls).toContain('stroke #000 source-over w8 round/round');
    expect(calls).toContain('fill #fff source-over');
    expect(calls).not.toContain('fillRect #000 source-over 0,0,100,50');
  });

  it('scales strokes from image pixels to a smaller canvas', () => {
    const { ctx, calls } = recordingContext();
    renderMask(ctx, 50, 25, state, { width: 100, height: 50 });
    expect(calls).toContain('fillRect #000 source-over 0,0,50,25');
    expect(calls).toContain('setTransform 0.5,0,0,0.5,0,0');
  });

  it('skips a stroke without points', () => {
    const { ctx, raw } = recordingContext();
    renderMask(ctx, 10, 10, { strokes: [{ mode: 'paint', size: 4, points: [] }], inverted: false });
    expect(raw.arc).not.toHaveBeenCalled();
    expect(raw.stroke).not.toHaveBeenCalled();
  });
});

describe('renderMaskOverlay', () => {
  const state: MaskState = {
    strokes: [
      { mode: 'paint', size: 8, points: [{ x: 10, y: 20 }] },
      { mode: 'erase', size: 6, points: [{ x: 12, y: 22 }] },
    ],
    inverted: false,
  };

  it('clears the canvas, paints in the colour and erases by cutting out', () => {
    const { ctx, calls } = recordingContext();
    renderMaskOverlay(ctx, 100, 50, state, 'violet');
    expect(calls.slice(0, 2)).toEqual(['setTransform 1,0,0,1,0,0', 'clearRect 0,0,100,50']);
    expect(calls).toContain('fill violet source-over');
    expect(calls).toContain('fill #000 destination-out');
    expect(calls.some((call) => call.startsWith('fillRect'))).toBe(false);
  });

  it('inverted: fills with the colour, then paint cuts out and erase adds', () => {
    const { ctx, calls } = recordingContext();
    renderMaskOverlay(ctx, 100, 50, { ...state, inverted: true }, 'violet');
    expect(calls).toContain('fillRect violet source-over 0,0,100,50');
    expect(calls.filter((call) => call.startsWith('fill ')).slice(0, 2)).toEqual(['fill #000 destination-out', 'fill violet source-over']);
  });
});

describe('measureMaskShare', () => {
  it('renders a copy at most 256 px on its long side and measures it', () => {
    const recording = recordingContext(pixels(255, 0, 0, 0));
    const canvas = fakeCanvas(recording.ctx);
    expect(measureMaskShare(1000, 500, { strokes: [paint], inverted: false }, canvas)).toBe(0.25);
    expect([canvas.width, canvas.height]).toEqual([256, 128]);
    expect(recording.calls).toContain('setTransform 0.256,0,0,0.256,0,0');
    expect(recording.raw.getImageData).toHaveBeenCalledWith(0, 0, 256, 128);
  });

  it('keeps a small photo at its own size', () => {
    const canvas = fakeCanvas(recordingContext().ctx);
    measureMaskShare(120, 80, EMPTY_MASK, canvas);
    expect([canvas.width, canvas.height]).toEqual([120, 80]);
  });

  it('is null without a 2D context', () => {
    expect(measureMaskShare(100, 100, EMPTY_MASK, fakeCanvas(null))).toBeNull();
  });
});

describe('maskToPngBlob', () => {
  it('draws the mask at the photo size and encodes it as a PNG', async () => {
    const blob = new Blob(['png bytes'], { type: 'image/png' });
    const recording = recordingContext();
    const canvas = fakeCanvas(recording.ctx, blob);
    await expect(maskToPngBlob(4032, 3024, { strokes: [paint], inverted: false }, () => canvas)).resolves.toBe(blob);
    expect([canvas.width, canvas.height]).toEqual([4032, 3024]);
    expect(canvas.getContext).toHaveBeenCalledWith('2d', { alpha: false });
    expect(recording.calls).toContain('fillRect #000 source-over 0,0,4032,3024');
    expect(recording.calls).toContain('fill #fff source-over');
    expect(canvas.blobType).toBe('image/png');
  });

  it('rejects when the browser cannot draw or encode', async () => {
    await expect(maskToPngBlob(10, 10, EMPTY_MASK, () => fakeCanvas(null))).rejects.toThrow(/could not draw/);
    await expect(maskToPngBlob(10, 10, EMPTY_MASK, () => fakeCanvas(recordingContext().ctx, null))).rejects.toThrow(/PNG/);
  });
});
