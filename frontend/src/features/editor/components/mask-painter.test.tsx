import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_MASK, maskReducer, type MaskState, type Stroke } from '../lib/mask';
import { MaskPainter, PAINTER_HINT, type MaskPainterProps } from './mask-painter';

// The photo is 1000 x 500: the short side is 500, so the brushes are 10, 25 and 50 px.
const NATURAL_WIDTH = 1000;
const NATURAL_HEIGHT = 500;
// Shown 200 x 100 CSS px at (10, 20): one CSS px is 5 image px.
const DISPLAY = { left: 10, top: 20, width: 200, height: 100 };

const paint: Stroke = { mode: 'paint', size: 25, points: [{ x: 100, y: 100 }] };
const erase: Stroke = { mode: 'erase', size: 10, points: [{ x: 200, y: 200 }] };
const painted: MaskState = { strokes: [paint, erase], inverted: false };

const TOOL_NAMES = ['Brush', 'Eraser', 'Small', 'Medium', 'Large', 'Undo stroke', 'Clear', 'Invert'];

function setup(props: Partial<MaskPainterProps> = {}) {
  const onChange = vi.fn<(next: MaskState) => void>();
  const view = render(
    <MaskPainter
      imageSrc="blob:photo"
      imageAlt="Your photo: beach.jpg"
      naturalWidth={NATURAL_WIDTH}
      naturalHeight={NATURAL_HEIGHT}
      state={EMPTY_MASK}
      onChange={onChange}
      {...props}
    />,
  );
  const canvas = view.container.querySelector('canvas');
  if (!canvas) throw new Error('no overlay canvas');
  return { onChange, canvas, view, user: userEvent.setup() };
}

function placeCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    ...DISPLAY,
    x: DISPLAY.left,
    y: DISPLAY.top,
    right: DISPLAY.left + DISPLAY.width,
    bottom: DISPLAY.top + DISPLAY.height,
    toJSON: () => ({}),
  });
}

/** Drags a pointer along CSS pixel positions (page coordinates). */
function drag(canvas: HTMLCanvasElement, points: Array<[number, number]>, init: { pointerType?: string; button?: number } = {}) {
  const pointer = { pointerId: 7, pointerType: init.pointerType ?? 'mouse', isPrimary: true };
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(canvas, { ...pointer, button: init.button ?? 0, clientX: first[0], clientY: first[1] });
  const last = rest.pop();
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { ...pointer, button: -1, clientX: x, clientY: y });
  if (last) fireEvent.pointerUp(canvas, { ...pointer, button: 0, clientX: last[0], clientY: last[1] });
  else fireEvent.pointerUp(canvas, { ...pointer, button: 0, clientX: first[0], clientY: first[1] });
}

/** A 2D context whose mask reads back with the given share of white pixels (out of 1000). */
function stubCanvasShare(paintedPixels: number) {
  const data = new Uint8ClampedArray(1000 * 4);
  for (let pixel = 0; pixel < paintedPixels; pixel += 1) data.fill(255, pixel * 4, pixel * 4 + 4);
  const noop = () => undefined;
  const context = {
    setTransform: noop,
    fillRect: noop,
    clearRect: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    arc: noop,
    fill: noop,
    stroke: noop,
    getImageData: () => ({ data }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
}

function tool(name: string) {
  return within(screen.getByRole('toolbar', { name: 'Brush tools' })).getByRole('button', { name });
}

beforeEach(() => {
  // jsdom has no canvas: getContext is null (and says so on the console unless stubbed).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('MaskPainter', () => {
  it('shows the photo with its alt text under a canvas overlay', () => {
    const { canvas } = setup();
    const photo = screen.getByRole('img', { name: 'Your photo: beach.jpg' });
    expect(photo).toHaveAttribute('src', 'blob:photo');
    expect(photo.parentElement).toContainElement(canvas);
  });

  it('is a group named "Paint the area to change", described by the pointer-only hint', () => {
    setup();
    const group = screen.getByRole('group', { name: 'Paint the area to change' });
    expect(group).toHaveAccessibleDescription(PAINTER_HINT);
    expect(PAINTER_HINT).toBe('Painting needs a mouse, touch or pen; without a mask the whole photo is changed.');
  });

  it('has a "Brush tools" toolbar with every tool, named', () => {
    setup();
    const toolbar = screen.getByRole('toolbar', { name: 'Brush tools' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(TOOL_NAMES);
  });

  it('toggles between Brush and Eraser, and the eraser strokes erase', async () => {
    placeCanvas();
    const { user, canvas, onChange } = setup();
    expect(tool('Brush')).toHaveAttribute('aria-pressed', 'true');
    expect(tool('Eraser')).toHaveAttribute('aria-pressed', 'false');

    await user.click(tool('Eraser'));
    expect(tool('Eraser')).toHaveAttribute('aria-pressed', 'true');
    expect(tool('Brush')).toHaveAttribute('aria-pressed', 'false');
    drag(canvas, [[30, 40]]);
    expect(onChange).toHaveBeenLastCalledWith({ strokes: [expect.objectContaining({ mode: 'erase' })], inverted: false });

    await user.click(tool('Brush'));
    expect(tool('Brush')).toHaveAttribute('aria-pressed', 'true');
    drag(canvas, [[30, 40]]);
    expect(onChange).toHaveBeenLastCalledWith({ strokes: [expect.objectContaining({ mode: 'paint' })], inverted: false });
  });

  it('picks the brush size (Medium at first) and paints with its diameter in image pixels', async () => {
    placeCanvas();
    const { user, canvas, onChange } = setup();
    expect(tool('Medium')).toHaveAttribute('aria-pressed', 'true');
    drag(canvas, [[30, 40]]);
    expect(onChange.mock.lastCall?.[0].strokes[0]?.size).toBe(25);

    await user.click(tool('Large'));
    expect(tool('Large')).toHaveAttribute('aria-pressed', 'true');
    expect(tool('Medium')).toHaveAttribute('aria-pressed', 'false');
    drag(canvas, [[30, 40]]);
    expect(onChange.mock.lastCall?.[0].strokes[0]?.size).toBe(50);

    await user.click(tool('Small'));
    drag(canvas, [[30, 40]]);
    expect(onChange.mock.lastCall?.[0].strokes[0]?.size).toBe(10);
  });

  it('turns a drag into one stroke in image pixels, reported when the pointer lifts', () => {
    placeCanvas();
    const { canvas, onChange } = setup({ state: { strokes: [erase], inverted: true } });
    const pointer = { pointerId: 3, pointerType: 'pen', isPrimary: true };
    fireEvent.pointerDown(canvas, { ...pointer, button: 0, clientX: 30, clientY: 40 });
    fireEvent.pointerMove(canvas, { ...pointer, clientX: 50, clientY: 60 });
    // Outside the photo: held at its edge.
    fireEvent.pointerMove(canvas, { ...pointer, clientX: 500, clientY: 60 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(canvas, { ...pointer, button: 0, clientX: 70, clientY: 80 });

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({
      strokes: [
        erase,
        {
          mode: 'paint',
          size: 25,
          points: [
            { x: 100, y: 100 },
            { x: 200, y: 200 },
            { x: 1000, y: 200 },
            { x: 300, y: 300 },
          ],
        },
      ],
      inverted: true,
    });
  });

  it('paints nothing with a right click or a second finger', () => {
    placeCanvas();
    const { canvas, onChange } = setup();
    drag(canvas, [[30, 40], [50, 60]], { button: 2 });
    fireEvent.pointerDown(canvas, { pointerId: 9, pointerType: 'touch', isPrimary: false, button: 0, clientX: 30, clientY: 40 });
    fireEvent.pointerUp(canvas, { pointerId: 9, pointerType: 'touch', isPrimary: false, button: 0, clientX: 30, clientY: 40 });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lets the eraser end of a pen erase while the brush is chosen', () => {
    placeCanvas();
    const { canvas, onChange } = setup();
    drag(canvas, [[30, 40]], { pointerType: 'pen', button: 5 });
    expect(onChange).toHaveBeenCalledWith({ strokes: [expect.objectContaining({ mode: 'erase' })], inverted: false });
  });

  it.each([
    ['Undo stroke', 'undo'],
    ['Clear', 'clear'],
    ['Invert', 'invert'],
  ] as const)('%s hands onChange the reducer’s result', async (name, type) => {
    const { user, onChange } = setup({ state: painted });
    await user.click(tool(name));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(maskReducer(painted, { type }));
  });

  it('shows Invert as pressed while the mask is inverted', () => {
    setup({ state: { strokes: [], inverted: true } });
    expect(tool('Invert')).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps Undo stroke and Clear focusable but inactive with nothing to undo or clear', async () => {
    const { user, onChange } = setup({ state: { strokes: [], inverted: false } });
    for (const name of ['Undo stroke', 'Clear']) {
      expect(tool(name)).toHaveAttribute('aria-disabled', 'true');
      expect(tool(name)).toBeEnabled();
      await user.click(tool(name));
    }
    expect(onChange).not.toHaveBeenCalled();
    expect(tool('Invert')).not.toHaveAttribute('aria-disabled');
  });

  it('when disabled, disables every tool and paints nothing', async () => {
    placeCanvas();
    const { user, canvas, onChange } = setup({ state: painted, disabled: true });
    for (const name of TOOL_NAMES) expect(tool(name)).toBeDisabled();
    await user.click(tool('Invert'));
    drag(canvas, [[30, 40], [50, 60]]);
    expect(onChange).not.toHaveBeenCalled();
    expect(canvas).toHaveAttribute('data-disabled');
  });

  it('moves between the tools with the arrow keys, Home and End', async () => {
    const { user } = setup({ state: painted });
    await user.tab();
    expect(tool('Brush')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Eraser')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tool('Invert')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Brush')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tool('Invert')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tool('Brush')).toHaveFocus();
    await user.tab();
    expect(tool('Eraser')).toHaveFocus();
    await user.keyboard(' ');
    expect(tool('Eraser')).toHaveAttribute('aria-pressed', 'true');
  });

  describe('the painted share', () => {
    function status() {
      const region = document.querySelector('[aria-live="polite"]');
      if (!(region instanceof HTMLElement)) throw new Error('no live region');
      return region;
    }

    it('says how much of the photo is painted, in a polite live region', () => {
      stubCanvasShare(120);
      const onShareChange = vi.fn();
      setup({ state: painted, onShareChange });
      expect(status()).toHaveTextContent('Painted: 12% of the photo');
      expect(status()).not.toHaveTextContent(/Paint a little more|Leave some/);
      expect(onShareChange).toHaveBeenLastCalledWith(0.12);
    });

    it('asks for more when under 0.5%', () => {
      stubCanvasShare(3);
      setup({ state: painted });
      expect(status()).toHaveTextContent('Painted: 0.3% of the photo');
      expect(status()).toHaveTextContent('Paint a little more of the area to change');
    });

    it('asks to leave some unpainted when over 99.5%', () => {
      stubCanvasShare(997);
      setup({ state: { strokes: [], inverted: true } });
      expect(status()).toHaveTextContent('Painted: 99.7% of the photo');
      expect(status()).toHaveTextContent('Leave some of the photo unpainted, or clear the mask to change the whole photo');
    });

    it('says nothing before anything is painted', () => {
      stubCanvasShare(0);
      setup();
      expect(status()).toBeEmptyDOMElement();
    });

    it('says nothing where the browser cannot draw', () => {
      const onShareChange = vi.fn();
      setup({ state: painted, onShareChange });
      expect(status()).toBeEmptyDOMElement();
      expect(onShareChange).toHaveBeenLastCalledWith(null);
    });
  });
});
