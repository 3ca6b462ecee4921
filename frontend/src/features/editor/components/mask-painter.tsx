import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../../shared/ui/button';
import { AlertCircleIcon, BrushIcon, DotIcon, EraserIcon, InvertIcon, TrashIcon, UndoIcon } from '../../../shared/ui/icons';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import {
  BRUSH_SIZES,
  BRUSH_SIZE_LABELS,
  MASK_SHARE_MESSAGES,
  brushSizes,
  formatSharePercent,
  isMaskEmpty,
  maskReducer,
  maskShareProblem,
  measureMaskShare,
  renderMaskOverlay,
  type BrushSize,
  type MaskAction,
  type MaskPoint,
  type MaskState,
  type StrokeMode,
} from '../lib/mask';
import styles from './mask-painter.module.css';

export interface MaskPainterProps {
  /** The photo (object URL or server URL). */
  imageSrc: string;
  imageAlt: string;
  /** The photo's pixel size (after EXIF orientation, as the browser shows it): the mask's size. */
  naturalWidth: number;
  naturalHeight: number;
  /** Controlled: the strokes, in image pixels. */
  state: MaskState;
  /** Called once per finished stroke, and for Undo stroke, Clear and Invert. */
  onChange: (next: MaskState) => void;
  disabled?: boolean;
  /**
   * Told the painted share (0-1) whenever it is measured anew, or null when the browser cannot
   * measure it (no canvas). Check it with maskShareProblem unless isMaskEmpty(state).
   */
  onShareChange?: (share: number | null) => void;
}

export const PAINTER_TITLE = 'Paint the area to change';
export const PAINTER_HINT = 'Painting needs a mouse, touch or pen; without a mask the whole photo is changed.';

/** The overlay's colour (drawn opaque; the canvas itself is translucent in CSS). */
const FALLBACK_OVERLAY_COLOUR = '#7c3aed';
/** The photo is shown at most this tall (in vh), so a phone keeps room to scroll past it. */
const MAX_PHOTO_HEIGHT_VH = 60;
/** The overlay's backing store: device pixels up to 2x, never more than the photo's own. */
const MAX_OVERLAY_PIXEL_RATIO = 2;

interface DisplaySize {
  width: number;
  height: number;
}

/** Where the pointer is over the photo, in CSS pixels from its top left corner. */
interface Hover {
  x: number;
  y: number;
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

function toImagePoint(
  event: { clientX: number; clientY: number },
  rect: DOMRect,
  naturalWidth: number,
  naturalHeight: number,
): MaskPoint {
  const x = ((event.clientX - rect.left) * naturalWidth) / rect.width;
  const y = ((event.clientY - rect.top) * naturalHeight) / rect.height;
  return { x: Math.round(clamp(x, 0, naturalWidth) * 100) / 100, y: Math.round(clamp(y, 0, naturalHeight) * 100) / 100 };
}

function overlayColour(canvas: HTMLCanvasElement): string {
  return getComputedStyle(canvas).getPropertyValue('--magic-violet').trim() || FALLBACK_OVERLAY_COLOUR;
}

/** A scratch canvas to measure the painted share on; null where the browser cannot draw (jsdom). */
function createScratchCanvas(): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  return canvas.getContext('2d', { willReadFrequently: true }) ? canvas : null;
}

const TOOLBAR_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Arrow keys, Home and End move between the toolbar's buttons (Tab reaches each one as well). */
function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (!TOOLBAR_KEYS.has(event.key)) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
  const index = buttons.findIndex((button) => button === document.activeElement);
  if (index < 0) return;
  event.preventDefault();
  const last = buttons.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowRight'
          ? (index + 1) % buttons.length
          : (index - 1 + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

/**
 * The region brush (D40): the photo with a translucent overlay the user paints the area to change
 * on, with Pointer Events (mouse, touch, pen; pressure ignored; a pen's eraser end erases). The
 * strokes are kept in the photo's own pixels; the parent holds them (`state`) and turns them into
 * the mask file with maskToPngBlob. A stroke in progress stays here and reaches onChange once, when
 * it ends. The toolbar (Brush / Eraser, three sizes, Undo stroke, Clear, Invert) works by keyboard;
 * painting itself needs a pointer, and without a mask the whole photo is changed.
 *
 * The painted share is measured on a small copy of the mask after every change and shown with the
 * server's bounds (0.5%-99.5%); where the browser cannot draw (jsdom) nothing is shown.
 */
export function MaskPainter({
  imageSrc,
  imageAlt,
  naturalWidth,
  naturalHeight,
  state,
  onChange,
  disabled = false,
  onShareChange,
}: MaskPainterProps) {
  const titleId = useId();
  const hintId = useId();
  const [mode, setMode] = useState<StrokeMode>('paint');
  const [brush, setBrush] = useState<BrushSize>('medium');
  const [hover, setHover] = useState<Hover | null>(null);
  const [displaySize, setDisplaySize] = useState<DisplaySize | null>(null);
  // The stroke being drawn: mirrored in a ref so pointerup sees the latest point even before React
  // has rendered the last pointermove.
  const [draft, setDraft] = useState<MaskState | null>(null);
  const draftRef = useRef<MaskState | null>(null);
  const activePointer = useRef<number | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // undefined: not asked yet; null: this browser has no 2D canvas.
  const overlayContext = useRef<CanvasRenderingContext2D | null | undefined>(undefined);
  const [scratch] = useState(createScratchCanvas);

  const width = Math.max(1, naturalWidth);
  const height = Math.max(1, naturalHeight);
  const diameters = brushSizes(Math.min(width, height));
  const diameter = diameters[brush];
  const shown = draft ?? state;
  const hasMask = !isMaskEmpty(state);

  const share = useMemo(() => (scratch ? measureMaskShare(width, height, state, scratch) : null), [scratch, width, height, state]);
  const problem = share === null ? null : maskShareProblem(share);

  useEffect(() => {
    onShareChange?.(share);
  }, [share, onShareChange]);

  // Follow the overlay's displayed size (the photo scales with the page).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const measure = () => {
      const rect = canvas.getBoundingClientRect();
      setDisplaySize((previous) =>
        previous && previous.width === rect.width && previous.height === rect.height ? previous : { width: rect.width, height: rect.height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // Redraw the overlay at display resolution whenever the strokes or the size change.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !displaySize || displaySize.width <= 0 || displaySize.height <= 0) return;
    if (overlayContext.current === undefined) overlayContext.current = canvas.getContext('2d');
    const ctx = overlayContext.current;
    if (!ctx) return;
    const ratio = Math.min(MAX_OVERLAY_PIXEL_RATIO, window.devicePixelRatio || 1);
    const backingWidth = Math.max(1, Math.round(Math.min(width, displaySize.width * ratio)));
    const backingHeight = Math.max(1, Math.round(Math.min(height, displaySize.height * ratio)));
    if (canvas.width !== backingWidth) canvas.width = backingWidth;
    if (canvas.height !== backingHeight) canvas.height = backingHeight;
    renderMaskOverlay(ctx, backingWidth, backingHeight, shown, overlayColour(canvas), { width, height });
  }, [shown, displaySize, width, height]);

  function setDraftState(next: MaskState | null) {
    draftRef.current = next;
    setDraft(next);
  }

  function finishStroke() {
    if (activePointer.current === null) return;
    const done = draftRef.current;
    activePointer.current = null;
    setDraftState(null);
    if (done) onChange(done);
  }

  function trackHover(event: ReactPointerEvent<HTMLCanvasElement>, rect: DOMRect) {
    if (disabled || event.pointerType === 'touch') {
      setHover(null);
      return;
    }
    setHover({ x: event.clientX - rect.left, y: event.clientY - rect.top });
  }

  function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (disabled || activePointer.current !== null || !event.isPrimary) return;
    // A pen's eraser end reports button 5; a mouse paints with its main button only.
    const penEraser = event.pointerType === 'pen' && event.button === 5;
    if (event.button !== 0 && !penEraser) return;
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return;
    event.preventDefault();
    if (typeof canvas.setPointerCapture === 'function') canvas.setPointerCapture(event.pointerId);
    activePointer.current = event.pointerId;
    const point = toImagePoint(event, rect, width, height);
    setDraftState(maskReducer(state, { type: 'begin', stroke: { mode: penEraser ? 'erase' : mode, size: diameter, points: [point] } }));
  }

  function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    trackHover(event, rect);
    const current = draftRef.current;
    if (activePointer.current !== event.pointerId || !current || rect.width <= 0 || rect.height <= 0) return;
    const native = event.nativeEvent;
    const coalesced = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const samples = coalesced.length > 0 ? coalesced : [native];
    let next = current;
    for (const sample of samples) {
      const point = toImagePoint(sample, rect, width, height);
      const stroke = next.strokes.at(-1);
      const last = stroke?.points.at(-1);
      // Points closer than an eighth of the brush add nothing visible to a round stroke.
      if (stroke && last && Math.hypot(point.x - last.x, point.y - last.y) < Math.max(1, stroke.size / 8)) continue;
      next = maskReducer(next, { type: 'extend', point });
    }
    if (next !== current) setDraftState(next);
  }

  function onPointerUp(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (activePointer.current !== event.pointerId) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const current = draftRef.current;
    if (current && rect.width > 0 && rect.height > 0) {
      setDraftState(maskReducer(current, { type: 'extend', point: toImagePoint(event, rect, width, height) }));
    }
    finishStroke();
  }

  function onPointerCancel(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (activePointer.current === event.pointerId) finishStroke();
    setHover(null);
  }

  function apply(action: MaskAction) {
    const next = maskReducer(state, action);
    if (next !== state) onChange(next);
  }

  const canUndo = state.strokes.length > 0;
  const showRing = hover !== null && !disabled && displaySize !== null && displaySize.width > 0;
  const ringDiameter = displaySize ? (diameter * displaySize.width) / width : 0;

  return (
    <div className={styles.painter} role="group" aria-labelledby={titleId} aria-describedby={hintId}>
      <div className={styles.header}>
        <p id={titleId} className={styles.title}>
          {PAINTER_TITLE}
        </p>
        <p className={styles.hint}>Paint over what should change; the rest of the photo stays as it is.</p>
        <VisuallyHidden>
          <span id={hintId}>{PAINTER_HINT}</span>
        </VisuallyHidden>
      </div>

      <div role="toolbar" aria-label="Brush tools" className={styles.toolbar} onKeyDown={onToolbarKeyDown}>
        <div role="group" aria-label="Tool" className={styles.group}>
          <ToolButton pressed={mode === 'paint'} disabled={disabled} onClick={() => setMode('paint')} icon={<BrushIcon />}>
            Brush
          </ToolButton>
          <ToolButton pressed={mode === 'erase'} disabled={disabled} onClick={() => setMode('erase')} icon={<EraserIcon />}>
            Eraser
          </ToolButton>
        </div>
        <div role="group" aria-label="Brush size" className={styles.group}>
          {BRUSH_SIZES.map((size) => (
            <ToolButton
              key={size}
              pressed={brush === size}
              disabled={disabled}
              onClick={() => setBrush(size)}
              icon={<SizeDot size={size} />}
            >
              {BRUSH_SIZE_LABELS[size]}
            </ToolButton>
          ))}
        </div>
        <div role="group" aria-label="Mask" className={styles.group}>
          <ToolButton disabled={disabled} unavailable={!canUndo} onClick={() => apply({ type: 'undo' })} icon={<UndoIcon />}>
            Undo stroke
          </ToolButton>
          <ToolButton disabled={disabled} unavailable={!hasMask} onClick={() => apply({ type: 'clear' })} icon={<TrashIcon />}>
            Clear
          </ToolButton>
          <ToolButton pressed={state.inverted} disabled={disabled} onClick={() => apply({ type: 'invert' })} icon={<InvertIcon />}>
            Invert
          </ToolButton>
        </div>
      </div>

      <div
        className={styles.frame}
        style={{
          aspectRatio: `${width} / ${height}`,
          width: `min(100%, ${Number(((MAX_PHOTO_HEIGHT_VH * width) / height).toFixed(2))}vh)`,
        }}
      >
        <img className={styles.photo} src={imageSrc} alt={imageAlt} draggable={false} />
        <canvas
          ref={canvasRef}
          className={styles.overlay}
          aria-hidden="true"
          data-disabled={disabled ? '' : undefined}
          data-tool={mode}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onLostPointerCapture={finishStroke}
          onPointerLeave={() => setHover(null)}
          onContextMenu={(event) => event.preventDefault()}
        />
        {showRing ? (
          <span
            className={styles.ring}
            aria-hidden="true"
            style={{
              width: ringDiameter,
              height: ringDiameter,
              transform: `translate(${hover.x - ringDiameter / 2}px, ${hover.y - ringDiameter / 2}px)`,
            }}
          />
        ) : null}
      </div>

      {/* Announced when it changes: once per finished stroke, Undo, Clear or Invert. */}
      <div aria-live="polite" className={styles.status}>
        {hasMask && share !== null ? <p className={styles.share}>Painted: {formatSharePercent(share)} of the photo</p> : null}
        {hasMask && problem ? (
          <p className={styles.problem}>
            <AlertCircleIcon width={18} height={18} />
            {MASK_SHARE_MESSAGES[problem]}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface ToolButtonProps {
  children: ReactNode;
  icon: ReactNode;
  onClick: () => void;
  disabled: boolean;
  /** A toggle: aria-pressed. */
  pressed?: boolean;
  /** Nothing to do right now: stays focusable (aria-disabled), so focus is not lost. */
  unavailable?: boolean;
}

function ToolButton({ children, icon, onClick, disabled, pressed, unavailable = false }: ToolButtonProps) {
  return (
    <Button
      size="sm"
      className={styles.tool}
      aria-pressed={pressed}
      aria-disabled={unavailable || undefined}
      disabled={disabled}
      onClick={unavailable ? undefined : onClick}
    >
      {icon}
      {children}
    </Button>
  );
}

const DOT_RADIUS: Record<BrushSize, number> = { small: 2.5, medium: 4.5, large: 7 };

/** A filled dot whose size hints at the brush's. */
function SizeDot({ size }: { size: BrushSize }) {
  return <DotIcon r={DOT_RADIUS[size]} />;
}
