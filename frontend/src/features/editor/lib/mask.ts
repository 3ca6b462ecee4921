/**
 * The region brush's mask (D40): what the user paints over the photo, and the PNG the server
 * takes as the multipart `mask` file. The PNG has the photo's own pixel size (its naturalWidth and
 * naturalHeight, after EXIF orientation), is opaque, and is white (255) where the photo may change
 * and black (0) where it must be kept. The server refuses a mask whose white share is under 0.5%
 * or over 99.5% of the image; no mask at all means "change the whole photo".
 *
 * Strokes are kept in image pixels, so the same state renders at any size: the full-size file,
 * a small copy to measure the painted share, and the on-screen overlay.
 */

export interface MaskPoint {
  x: number;
  y: number;
}

export type StrokeMode = 'paint' | 'erase';

export type Stroke = {
  mode: StrokeMode;
  /** Diameter in image pixels. */
  size: number;
  /** Image pixel coordinates. */
  points: MaskPoint[];
};

export interface MaskState {
  strokes: Stroke[];
  /** Painted and unpainted swap places (the strokes keep their meaning relative to each other). */
  inverted: boolean;
}

export const EMPTY_MASK: MaskState = { strokes: [], inverted: false };

export type MaskAction =
  | { type: 'begin'; stroke: Stroke }
  | { type: 'extend'; point: MaskPoint }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'invert' };

/** begin adds a stroke, extend adds a point to the last one, undo drops the last one, clear starts over. */
export function maskReducer(state: MaskState, action: MaskAction): MaskState {
  switch (action.type) {
    case 'begin':
      return { ...state, strokes: [...state.strokes, action.stroke] };
    case 'extend': {
      const last = state.strokes.at(-1);
      if (!last) return state;
      const previous = last.points.at(-1);
      if (previous && previous.x === action.point.x && previous.y === action.point.y) return state;
      return { ...state, strokes: [...state.strokes.slice(0, -1), { ...last, points: [...last.points, action.point] }] };
    }
    case 'undo':
      return state.strokes.length === 0 ? state : { ...state, strokes: state.strokes.slice(0, -1) };
    case 'clear':
      return EMPTY_MASK;
    case 'invert':
      return { ...state, inverted: !state.inverted };
  }
}

/** Nothing painted and not inverted: send no mask, and the whole photo is changed. */
export function isMaskEmpty(state: MaskState): boolean {
  return state.strokes.length === 0 && !state.inverted;
}

/** D40: the server's bounds on the painted share. */
export const MASK_MIN_SHARE = 0.005;
export const MASK_MAX_SHARE = 0.995;

export type MaskShareProblem = 'too-small' | 'too-large';

export function maskShareProblem(share: number): MaskShareProblem | null {
  if (share < MASK_MIN_SHARE) return 'too-small';
  if (share > MASK_MAX_SHARE) return 'too-large';
  return null;
}

export const MASK_SHARE_MESSAGES: Record<MaskShareProblem, string> = {
  'too-small': 'Paint a little more of the area to change',
  'too-large': 'Leave some of the photo unpainted, or clear the mask to change the whole photo',
};

/** The fraction (0-1) of pixels whose red channel is at least 128, i.e. painted. */
export function paintedShare(imageData: { data: Uint8ClampedArray }): number {
  const { data } = imageData;
  const pixels = Math.floor(data.length / 4);
  if (pixels === 0) return 0;
  let painted = 0;
  for (let index = 0; index < pixels * 4; index += 4) {
    if ((data[index] ?? 0) >= 128) painted += 1;
  }
  return painted / pixels;
}

/**
 * The share as a percentage: "12%"; one decimal near the bounds ("0.3%", "99.6%"), so a little
 * paint never reads as 0% (nor nearly all as 100%).
 */
export function formatSharePercent(share: number): string {
  const percent = Math.min(100, Math.max(0, share * 100));
  if (percent === 0 || percent === 100) return `${percent}%`;
  if (percent < 0.1) return 'less than 0.1%';
  if (percent > 99.9) return 'more than 99.9%';
  if (percent < 1 || percent > 99) return `${Number(percent.toFixed(1))}%`;
  return `${Math.round(percent)}%`;
}

export type BrushSize = 'small' | 'medium' | 'large';

export const BRUSH_SIZES: readonly BrushSize[] = ['small', 'medium', 'large'];

export const BRUSH_SIZE_LABELS: Record<BrushSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** The smallest brush, in image pixels, whatever the photo's size. */
export const MIN_BRUSH_DIAMETER = 4;

/** Diameters in image pixels: 2%, 5% and 10% of the photo's short side, at least 4 px. */
export function brushSizes(shortSide: number): Record<BrushSize, number> {
  const diameter = (fraction: number) => Math.max(MIN_BRUSH_DIAMETER, Math.round(shortSide * fraction));
  return { small: diameter(0.02), medium: diameter(0.05), large: diameter(0.1) };
}

/** The part of a 2D canvas context the mask is drawn with (a real CanvasRenderingContext2D fits). */
export type MaskDrawingContext = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'globalCompositeOperation'
  | 'setTransform'
  | 'fillRect'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'fill'
  | 'stroke'
>;

/** The part of a canvas element the mask needs (a real HTMLCanvasElement fits). */
export interface MaskCanvas {
  width: number;
  height: number;
  getContext(
    contextId: '2d',
    options?: CanvasRenderingContext2DSettings,
  ): (MaskDrawingContext & Pick<CanvasRenderingContext2D, 'getImageData'>) | null;
  toBlob(callback: BlobCallback, type?: string, quality?: number): void;
}

/** The size the strokes' coordinates are in, when it differs from the canvas (a scaled render). */
export interface ImageSize {
  width: number;
  height: number;
}

interface Ink {
  colour: string;
  composite: GlobalCompositeOperation;
}

interface Palette {
  /** Fills the canvas with "nothing painted". */
  empty: (ctx: MaskDrawingContext, width: number, height: number) => void;
  /** Fills the canvas with "all painted". */
  full: (ctx: MaskDrawingContext, width: number, height: number) => void;
  mark: Ink;
  unmark: Ink;
}

const WHITE = '#fff';
const BLACK = '#000';

const MASK_PALETTE: Palette = {
  empty: (ctx, width, height) => fill(ctx, BLACK, width, height),
  full: (ctx, width, height) => fill(ctx, WHITE, width, height),
  mark: { colour: WHITE, composite: 'source-over' },
  unmark: { colour: BLACK, composite: 'source-over' },
};

function fill(ctx: MaskDrawingContext, colour: string, width: number, height: number) {
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
}

/**
 * Inverting swaps what paint and erase do and what the canvas starts as, so an inverted mask
 * needs no second pass: painting white on black then inverting is painting black on white.
 */
function draw(ctx: MaskDrawingContext, width: number, height: number, state: MaskState, source: ImageSize, palette: Palette) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (state.inverted) palette.full(ctx, width, height);
  else palette.empty(ctx, width, height);
  ctx.setTransform(width / Math.max(1, source.width), 0, 0, height / Math.max(1, source.height), 0, 0);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of state.strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    const marks = (stroke.mode === 'paint') !== state.inverted;
    const ink = marks ? palette.mark : palette.unmark;
    ctx.globalCompositeOperation = ink.composite;
    ctx.fillStyle = ink.colour;
    ctx.strokeStyle = ink.colour;
    ctx.lineWidth = stroke.size;
    // A dot, so a tap paints (canvases drop zero-length lines), and the start of a line.
    ctx.beginPath();
    ctx.arc(first.x, first.y, stroke.size / 2, 0, Math.PI * 2);
    ctx.fill();
    if (rest.length > 0) {
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      for (const point of rest) ctx.lineTo(point.x, point.y);
      ctx.stroke();
    }
  }
  ctx.globalCompositeOperation = 'source-over';
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * Draws the mask onto a canvas of width x height: black (keep), then the strokes (paint white,
 * erase black, round caps and joins), inverted if asked. The strokes are in `source` pixels
 * (default: the canvas's own size), so a smaller canvas gets a scaled-down mask.
 */
export function renderMask(
  ctx: MaskDrawingContext,
  width: number,
  height: number,
  state: MaskState,
  source: ImageSize = { width, height },
): void {
  draw(ctx, width, height, state, source, MASK_PALETTE);
}

/**
 * Draws the painted area in one opaque colour on a transparent canvas (the painter's overlay;
 * make the canvas translucent with CSS so overlapping strokes do not get darker).
 */
export function renderMaskOverlay(
  ctx: MaskDrawingContext,
  width: number,
  height: number,
  state: MaskState,
  colour: string,
  source: ImageSize = { width, height },
): void {
  draw(ctx, width, height, state, source, {
    empty: (context, w, h) => {
      context.globalCompositeOperation = 'source-over';
      context.clearRect(0, 0, w, h);
    },
    full: (context, w, h) => {
      context.clearRect(0, 0, w, h);
      fill(context, colour, w, h);
    },
    mark: { colour, composite: 'source-over' },
    unmark: { colour: BLACK, composite: 'destination-out' },
  });
}

function newCanvas(): MaskCanvas {
  return document.createElement('canvas');
}

/** The long side of the copy the painted share is measured on. */
export const SHARE_SAMPLE_SIZE = 256;

/**
 * The painted share (0-1) of a mask, measured on a copy at most 256 px on its long side (cheap
 * enough for every stroke; thin strokes on a huge photo count a little less than they are).
 * Null when the browser cannot draw (no 2D context, e.g. jsdom).
 */
export function measureMaskShare(width: number, height: number, state: MaskState, canvas: MaskCanvas = newCanvas()): number | null {
  const scale = Math.min(1, SHARE_SAMPLE_SIZE / Math.max(1, width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  renderMask(ctx, canvas.width, canvas.height, state, { width, height });
  return paintedShare(ctx.getImageData(0, 0, canvas.width, canvas.height));
}

/**
 * The mask file (D40): a PNG of width x height (the photo's naturalWidth x naturalHeight), opaque,
 * white where the photo may change and black where it is kept. Rejects when the browser cannot
 * draw or encode it (e.g. a canvas larger than the device allows).
 */
export function maskToPngBlob(
  width: number,
  height: number,
  state: MaskState,
  createCanvas: () => MaskCanvas = newCanvas,
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const canvas = createCanvas();
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) {
      reject(new Error('This browser could not draw the mask.'));
      return;
    }
    renderMask(ctx, width, height, state);
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('This browser could not save the mask as a PNG.'));
    }, 'image/png');
  });
}
