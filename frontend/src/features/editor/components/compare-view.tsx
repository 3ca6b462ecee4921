import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { cx } from '../../../shared/lib/cx';
import { AiEditedBadge } from '../../../shared/ui/ai-edited-badge';
import { Button } from '../../../shared/ui/button';
import { ChevronLeftIcon, ChevronRightIcon, ZoomInIcon, ZoomOutIcon } from '../../../shared/ui/icons';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import styles from './compare-view.module.css';

export type CompareWith = 'previous' | 'original';

export interface CompareViewProps {
  /** URL of the "before" picture. */
  beforeSrc: string;
  /** URL of the "after" picture (the result). */
  afterSrc: string;
  /** e.g. "Before: your photo". */
  beforeAlt: string;
  /** e.g. "AI-edited: change the background to a beach". */
  afterAlt: string;
  /** Caption shown on the before side; default "Before". */
  beforeLabel?: string;
  /** Caption shown on the after side; default "After". */
  afterLabel?: string;
  /**
   * D42: the after picture is generated: the "AI-edited" label goes under its chip, on the after
   * picture's layer (the before picture covers it wherever the before picture is shown).
   */
  afterAiEdited?: boolean;
  /** Optional toggle shown above the picture: what "before" means. */
  compareWith?: CompareWith;
  /** With compareWith, shows the "Previous version" / "Original" toggle. */
  onCompareWithChange?: (value: CompareWith) => void;
  /** Where the divider starts, 0-100 (percent of the width from the left); default 50. */
  initialPosition?: number;
  /**
   * The after picture's shape when the answer tells it (a rendition's size): the box has it from
   * the start instead of 4:3 until the picture loads, so nothing under the box moves then (on a
   * phone, a portrait photo moved the buttons below by ~200 px).
   */
  afterSize?: { width: number; height: number };
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** One press of Zoom in / Zoom out, or one wheel notch. */
const ZOOM_STEP = 0.5;
/** Arrow keys move the divider this many percent; Page Up / Page Down move it PAGE_STEP. */
const KEY_STEP = 5;
const PAGE_STEP = 25;

const COMPARE_OPTIONS: ReadonlyArray<{ value: CompareWith; label: string }> = [
  { value: 'previous', label: 'Previous version' },
  { value: 'original', label: 'Original' },
];

/**
 * The zoom and pan of both pictures. x and y are the translation as a fraction of the box's size
 * (transform-origin 0 0), so the view survives a resize: the picture covers the box exactly when
 * each lies in [1 - zoom, 0].
 */
interface View {
  zoom: number;
  x: number;
  y: number;
}

const UNZOOMED: View = { zoom: MIN_ZOOM, x: 0, y: 0 };

type Gesture =
  /** Moving the divider; offset (percent) keeps a grabbed handle from jumping to the pointer. */
  | { kind: 'divider'; pointerId: number; rect: DOMRect; offset: number }
  | { kind: 'pan'; pointerId: number; rect: DOMRect; startX: number; startY: number; start: View }
  /** Two pointers: the content point under their first midpoint (u, v) follows their midpoint. */
  | { kind: 'pinch'; rect: DOMRect; startDistance: number; startZoom: number; u: number; v: number };

interface Point {
  x: number;
  y: number;
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

function clampView(zoom: number, x: number, y: number): View {
  const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  // 0 + 0 turns a -0 into 0, so an unzoomed view prints translate(0%, 0%).
  return { zoom: z, x: clamp(x, 1 - z, 0) + 0, y: clamp(y, 1 - z, 0) + 0 };
}

/** The view at `zoom` that keeps the content under (px, py) (fractions of the box) in place. */
function zoomAround(view: View, zoom: number, px: number, py: number): View {
  const u = (px - view.x) / view.zoom;
  const v = (py - view.y) / view.zoom;
  const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  return clampView(z, px - u * z, py - v * z);
}

/** The next zoom step up or down, snapping a pinched zoom (e.g. 2.3) to the 0.5 grid. */
function stepZoom(zoom: number, direction: 1 | -1) {
  const EPSILON = 1e-6;
  const next =
    direction > 0
      ? Math.floor(zoom / ZOOM_STEP + EPSILON) * ZOOM_STEP + ZOOM_STEP
      : Math.ceil(zoom / ZOOM_STEP - EPSILON) * ZOOM_STEP - ZOOM_STEP;
  return clamp(next, MIN_ZOOM, MAX_ZOOM);
}

function formatZoom(zoom: number) {
  return `${Number(zoom.toFixed(1))}×`;
}

/** Where a client point lies in the box, as fractions of its size (the centre if it has none). */
function fractionIn(rect: DOMRect, clientX: number, clientY: number): Point {
  return {
    x: rect.width > 0 ? (clientX - rect.left) / rect.width : 0.5,
    y: rect.height > 0 ? (clientY - rect.top) / rect.height : 0.5,
  };
}


/**
 * A before/after comparison over one picture: the after picture fills the box, the before picture
 * lies on top, clipped to the left of a draggable divider. Zoom 1×-4× (buttons, mouse wheel,
 * two-finger pinch) applies the same transform to both pictures; while zoomed, dragging the
 * picture pans it, and the handle still moves the divider. Mouse, touch and pen (Pointer Events).
 */
export function CompareView({
  beforeSrc,
  afterSrc,
  beforeAlt,
  afterAlt,
  beforeLabel = 'Before',
  afterLabel = 'After',
  afterAiEdited = false,
  compareWith,
  onCompareWithChange,
  initialPosition = 50,
  afterSize,
}: CompareViewProps) {
  const [position, setPosition] = useState(() => clamp(initialPosition, 0, 100));
  const [view, setView] = useState<View>(UNZOOMED);
  const [gestureKind, setGestureKind] = useState<Gesture['kind'] | null>(null);
  const [natural, setNatural] = useState<{ src: string; width: number; height: number } | null>(null);

  const boxRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  // Mirrors of state the pointer and wheel handlers read between renders (several events can
  // arrive before React renders the first one's update).
  const viewRef = useRef<View>(UNZOOMED);
  const gestureRef = useRef<Gesture | null>(null);
  const pointersRef = useRef(new Map<number, Point>());

  const applyView = useCallback((next: View) => {
    viewRef.current = next;
    setView(next);
  }, []);

  function setGesture(next: Gesture | null) {
    gestureRef.current = next;
    setGestureKind(next?.kind ?? null);
  }

  // The wheel zooms by steps around the pointer. React's onWheel is passive, so it is registered
  // here to be able to keep the page from scrolling; it does only when the zoom changes.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    function onWheel(event: WheelEvent) {
      if (event.deltaY === 0 || !box) return;
      const current = viewRef.current;
      const zoom = stepZoom(current.zoom, event.deltaY < 0 ? 1 : -1);
      if (zoom === current.zoom) return;
      event.preventDefault();
      const at = fractionIn(box.getBoundingClientRect(), event.clientX, event.clientY);
      applyView(zoomAround(current, zoom, at.x, at.y));
    }
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [applyView]);

  function percentAt(rect: DOMRect, clientX: number) {
    return rect.width > 0 ? clamp(((clientX - rect.left) / rect.width) * 100, 0, 100) : position;
  }

  function startPinch(rect: DOMRect) {
    const [a, b] = [...pointersRef.current.values()];
    if (!a || !b) return;
    const current = viewRef.current;
    const mid = fractionIn(rect, (a.x + b.x) / 2, (a.y + b.y) / 2);
    setGesture({
      kind: 'pinch',
      rect,
      startDistance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      startZoom: current.zoom,
      u: (mid.x - current.x) / current.zoom,
      v: (mid.y - current.y) / current.zoom,
    });
  }

  function startPan(pointerId: number, rect: DOMRect, point: Point) {
    setGesture({ kind: 'pan', pointerId, rect, startX: point.x, startY: point.y, start: viewRef.current });
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const pointers = pointersRef.current;
    if (pointers.size >= 2) return;
    const box = event.currentTarget;
    const point = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, point);
    if (typeof box.setPointerCapture === 'function') {
      try {
        box.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone (e.g. a synthetic event); dragging still works while over the box.
      }
    }
    const rect = box.getBoundingClientRect();
    if (pointers.size === 2) {
      startPinch(rect);
      return;
    }
    const onHandle = event.target instanceof Node && (handleRef.current?.contains(event.target) ?? false);
    if (onHandle) {
      setGesture({ kind: 'divider', pointerId: event.pointerId, rect, offset: position - percentAt(rect, point.x) });
    } else if (viewRef.current.zoom > MIN_ZOOM) {
      startPan(event.pointerId, rect, point);
    } else {
      setPosition(percentAt(rect, point.x));
      setGesture({ kind: 'divider', pointerId: event.pointerId, rect, offset: 0 });
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const pointers = pointersRef.current;
    if (!pointers.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, point);
    const gesture = gestureRef.current;
    if (!gesture) return;
    if (gesture.kind === 'divider' && gesture.pointerId === event.pointerId) {
      setPosition(clamp(percentAt(gesture.rect, point.x) + gesture.offset, 0, 100));
    } else if (gesture.kind === 'pan' && gesture.pointerId === event.pointerId) {
      const { rect, start } = gesture;
      if (rect.width <= 0 || rect.height <= 0) return;
      applyView(
        clampView(
          start.zoom,
          start.x + (point.x - gesture.startX) / rect.width,
          start.y + (point.y - gesture.startY) / rect.height,
        ),
      );
    } else if (gesture.kind === 'pinch') {
      const [a, b] = [...pointers.values()];
      if (!a || !b) return;
      const zoom = clamp(
        (gesture.startZoom * Math.hypot(a.x - b.x, a.y - b.y)) / gesture.startDistance,
        MIN_ZOOM,
        MAX_ZOOM,
      );
      const mid = fractionIn(gesture.rect, (a.x + b.x) / 2, (a.y + b.y) / 2);
      applyView(clampView(zoom, mid.x - gesture.u * zoom, mid.y - gesture.v * zoom));
    }
  }

  function onPointerEnd(event: ReactPointerEvent<HTMLDivElement>) {
    const pointers = pointersRef.current;
    if (!pointers.delete(event.pointerId)) return;
    const gesture = gestureRef.current;
    const [remaining] = [...pointers.entries()];
    if (gesture?.kind === 'pinch') {
      // One finger of a pinch lifted: while zoomed, the other goes on panning from where it is.
      if (remaining && viewRef.current.zoom > MIN_ZOOM) startPan(remaining[0], gesture.rect, remaining[1]);
      else setGesture(null);
    } else if (!gesture || gesture.pointerId === event.pointerId || pointers.size === 0) {
      setGesture(null);
    }
  }

  function onHandleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next: ((value: number) => number) | null = null;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowDown':
        next = (value) => value - KEY_STEP;
        break;
      case 'ArrowRight':
      case 'ArrowUp':
        next = (value) => value + KEY_STEP;
        break;
      case 'PageDown':
        next = (value) => value - PAGE_STEP;
        break;
      case 'PageUp':
        next = (value) => value + PAGE_STEP;
        break;
      case 'Home':
        next = () => 0;
        break;
      case 'End':
        next = () => 100;
        break;
    }
    if (!next) return;
    event.preventDefault();
    const move = next;
    setPosition((value) => clamp(move(value), 0, 100));
  }

  function zoomBy(direction: 1 | -1) {
    const current = viewRef.current;
    applyView(zoomAround(current, stepZoom(current.zoom, direction), 0.5, 0.5));
  }

  const rounded = Math.round(position);
  const zoomed = view.zoom > MIN_ZOOM;
  // The loaded picture's own shape, else the one the answer gave, else the stylesheet's 4:3.
  const shape = natural?.src === afterSrc ? natural : afterSize;
  const ratio = shape ? `${shape.width} / ${shape.height}` : undefined;
  const transform = `translate(${view.x * 100}%, ${view.y * 100}%) scale(${view.zoom})`;
  const showToggle = compareWith !== undefined && onCompareWithChange !== undefined;

  return (
    <div className={styles.root}>
      {showToggle ? (
        <div role="group" aria-label="Compare with" className={styles.toggle}>
          {COMPARE_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={compareWith === option.value}
              className={styles.toggleButton}
              onClick={() => {
                if (compareWith !== option.value) onCompareWithChange(option.value);
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}

      <div
        ref={boxRef}
        className={styles.stage}
        style={{ '--compare-ratio': ratio, '--compare-position': `${position}%` } as CSSProperties}
        data-zoomed={zoomed}
        data-gesture={gestureKind ?? undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onLostPointerCapture={onPointerEnd}
      >
        <div className={styles.layer}>
          <img
            src={afterSrc}
            alt={afterAlt}
            className={styles.image}
            style={{ transform }}
            draggable={false}
            decoding="async"
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              if (width > 0 && height > 0) setNatural({ src: afterSrc, width, height });
            }}
          />
          <span className={cx(styles.chip, styles.chipAfter)} aria-hidden="true">
            {afterLabel}
          </span>
          {afterAiEdited ? <AiEditedBadge className={styles.aiEdited} /> : null}
        </div>
        <div className={cx(styles.layer, styles.beforeLayer)} style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
          <img
            src={beforeSrc}
            alt={beforeAlt}
            className={styles.image}
            style={{ transform }}
            draggable={false}
            decoding="async"
          />
          <span className={cx(styles.chip, styles.chipBefore)} aria-hidden="true">
            {beforeLabel}
          </span>
        </div>
        <div className={styles.divider} aria-hidden="true" />
        <div
          ref={handleRef}
          role="slider"
          tabIndex={0}
          aria-label="Compare before and after"
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
          aria-valuetext={`${rounded}% before`}
          className={styles.handle}
          onKeyDown={onHandleKeyDown}
        >
          <ChevronLeftIcon width={16} height={16} />
          <ChevronRightIcon width={16} height={16} />
        </div>
      </div>

      <div className={styles.toolbar}>
        <Button
          size="sm"
          className={styles.iconButton}
          aria-label="Zoom out"
          aria-disabled={view.zoom <= MIN_ZOOM}
          onClick={() => zoomBy(-1)}
        >
          <ZoomOutIcon />
        </Button>
        <output className={styles.zoomLevel} aria-live="polite" aria-atomic="true">
          <VisuallyHidden>Zoom </VisuallyHidden>
          {formatZoom(view.zoom)}
        </output>
        <Button
          size="sm"
          className={styles.iconButton}
          aria-label="Zoom in"
          aria-disabled={view.zoom >= MAX_ZOOM}
          onClick={() => zoomBy(1)}
        >
          <ZoomInIcon />
        </Button>
        <Button size="sm" variant="ghost" aria-label="Reset zoom" aria-disabled={!zoomed} onClick={() => applyView(UNZOOMED)}>
          Reset
        </Button>
      </div>
    </div>
  );
}
