import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { CompareView, type CompareViewProps } from './compare-view';

const BOX = { left: 100, top: 50, width: 400, height: 300 };

function renderCompare(props: Partial<CompareViewProps> = {}) {
  const user = userEvent.setup();
  render(
    <CompareView
      beforeSrc="/api/images/img-1/original"
      afterSrc="/api/images/img-1"
      beforeAlt="Before: your photo"
      afterAlt="AI-edited: change the background to a beach"
      {...props}
    />,
  );
  const slider = screen.getByRole('slider', { name: 'Compare before and after' });
  const after = screen.getByRole('img', { name: 'AI-edited: change the background to a beach' });
  // The box is the element that takes the pointer: the handle's parent.
  const box = slider.parentElement as HTMLElement;
  vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({
    ...BOX,
    x: BOX.left,
    y: BOX.top,
    right: BOX.left + BOX.width,
    bottom: BOX.top + BOX.height,
    toJSON: () => ({}),
  } as DOMRect);
  return { user, slider, after, box };
}

function zoomLevel() {
  return screen.getByRole('status');
}

describe('CompareView', () => {
  it('renders both pictures with their alts, the "after" one underneath', () => {
    const { after } = renderCompare();
    const before = screen.getByRole('img', { name: 'Before: your photo' });
    expect(before).toHaveAttribute('src', '/api/images/img-1/original');
    expect(after).toHaveAttribute('src', '/api/images/img-1');
    // The before picture comes later in the box, so it is drawn on top of the after one.
    expect(after.compareDocumentPosition(before) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
  });

  it('labels the after picture "AI-edited" when it is generated, on its own layer under the before one (D42)', () => {
    const { after } = renderCompare({ afterAiEdited: true });
    const before = screen.getByRole('img', { name: 'Before: your photo' });
    const badge = aiEditedBadgeOn(after);
    expect(badge).toHaveTextContent('AI-edited');
    expect(badge).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    // The before layer, drawn on top, covers it wherever the before picture is shown.
    expect(badge!.compareDocumentPosition(before) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(aiEditedBadgeOn(before)).toBeNull();
    expect(screen.getAllByText('AI-edited')).toHaveLength(1);
  });

  it('has no "AI-edited" label unless asked', () => {
    renderCompare();
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
  });

  it('shows custom labels', () => {
    renderCompare({ beforeLabel: 'Original', afterLabel: 'Edited' });
    expect(screen.getByText('Original')).toBeInTheDocument();
    expect(screen.getByText('Edited')).toBeInTheDocument();
    expect(screen.queryByText('Before')).not.toBeInTheDocument();
  });

  it('offers a focusable slider at 50% by default, or at the initial position', () => {
    const { slider } = renderCompare();
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(slider).toHaveAttribute('aria-valuetext', '50% before');
    const before = screen.getByRole('img', { name: 'Before: your photo' });
    expect(before.parentElement?.style.clipPath).toBe('inset(0 50% 0 0)');
  });

  it('starts at initialPosition, rounded in aria-valuenow', () => {
    renderCompare({ initialPosition: 32.6 });
    const slider = screen.getByRole('slider', { name: 'Compare before and after' });
    expect(slider).toHaveAttribute('aria-valuenow', '33');
    expect(slider).toHaveAttribute('aria-valuetext', '33% before');
  });

  it('moves by 5 with the arrow keys and stays within 0-100', async () => {
    const { user, slider } = renderCompare({ initialPosition: 90 });
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '95');
    await user.keyboard('{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '95');
    await user.keyboard('{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '90');
    expect(slider).toHaveAttribute('aria-valuetext', '90% before');
    const before = screen.getByRole('img', { name: 'Before: your photo' });
    expect(before.parentElement?.style.clipPath).toBe('inset(0 10% 0 0)');
  });

  it('clamps at 0 with the arrow keys', async () => {
    const { user, slider } = renderCompare({ initialPosition: 3 });
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('jumps to the ends with Home and End, and by 25 with Page Up / Page Down', async () => {
    const { user, slider } = renderCompare();
    slider.focus();
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{PageDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    await user.keyboard('{PageUp}{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  it('moves the divider to where the box is pressed, and drags it', () => {
    const { slider, box } = renderCompare();
    // 100 px into the 400 px wide box: 25%.
    fireEvent.pointerDown(box, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 200, clientY: 200 });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(box, { pointerId: 1, pointerType: 'mouse', clientX: 400, clientY: 200 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    // Beyond the box: clamped.
    fireEvent.pointerMove(box, { pointerId: 1, pointerType: 'mouse', clientX: 900, clientY: 200 });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    fireEvent.pointerUp(box, { pointerId: 1, pointerType: 'mouse', clientX: 900, clientY: 200 });
    // Released: moving no longer drags.
    fireEvent.pointerMove(box, { pointerId: 1, pointerType: 'mouse', clientX: 200, clientY: 200 });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  it('keeps a grabbed handle from jumping to the pointer', () => {
    const { slider, box } = renderCompare();
    // The divider is at 300 px; the handle is grabbed 10 px to its right.
    fireEvent.pointerDown(slider, { pointerId: 1, button: 0, pointerType: 'pen', clientX: 310, clientY: 200 });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    fireEvent.pointerMove(box, { pointerId: 1, pointerType: 'pen', clientX: 410, clientY: 200 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
  });

  it('moves the divider with a touch too, through user-event', async () => {
    const { user, slider, box } = renderCompare();
    await user.pointer({ keys: '[TouchA]', target: box, coords: { clientX: 420, clientY: 100 } });
    expect(slider).toHaveAttribute('aria-valuenow', '80');
  });

  it('zooms with the buttons between 1× and 4×', async () => {
    const { user, after } = renderCompare();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomLevel()).toHaveAttribute('aria-live', 'polite');
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1×$/);

    await user.click(zoomIn);
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1\.5×$/);
    // Zoomed around the centre: both pictures get the same transform.
    expect(after.style.transform).toBe('translate(-25%, -25%) scale(1.5)');
    expect(screen.getByRole('img', { name: 'Before: your photo' }).style.transform).toBe(after.style.transform);

    for (let i = 0; i < 10; i += 1) await user.click(zoomIn);
    expect(zoomLevel()).toHaveTextContent(/^Zoom 4×$/);
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');

    await user.click(zoomOut);
    expect(zoomLevel()).toHaveTextContent(/^Zoom 3\.5×$/);
    for (let i = 0; i < 10; i += 1) await user.click(zoomOut);
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1×$/);
    expect(after.style.transform).toBe('translate(0%, 0%) scale(1)');
  });

  it('resets the zoom', async () => {
    const { user, after } = renderCompare();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoomLevel()).toHaveTextContent(/^Zoom 2×$/);
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1×$/);
    expect(after.style.transform).toBe('translate(0%, 0%) scale(1)');
  });

  it('zooms with the wheel around the pointer, and lets the page scroll when the zoom cannot change', () => {
    const { box, after } = renderCompare();
    // At the box's top left corner: that point stays put.
    const zoomInEvent = new WheelEvent('wheel', { deltaY: -100, clientX: 100, clientY: 50, bubbles: true, cancelable: true });
    fireEvent(box, zoomInEvent);
    expect(zoomInEvent.defaultPrevented).toBe(true);
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1\.5×$/);
    expect(after.style.transform).toBe('translate(0%, 0%) scale(1.5)');

    fireEvent(box, new WheelEvent('wheel', { deltaY: 100, clientX: 300, clientY: 200, bubbles: true, cancelable: true }));
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1×$/);

    const scrollEvent = new WheelEvent('wheel', { deltaY: 100, clientX: 300, clientY: 200, bubbles: true, cancelable: true });
    fireEvent(box, scrollEvent);
    expect(scrollEvent.defaultPrevented).toBe(false);
    expect(zoomLevel()).toHaveTextContent(/^Zoom 1×$/);
  });

  it('pans instead of moving the divider while zoomed, never past the picture', async () => {
    const { user, slider, box, after } = renderCompare();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    // 2× around the centre: translated by -50% of the box both ways.
    expect(after.style.transform).toBe('translate(-50%, -50%) scale(2)');

    fireEvent.pointerDown(box, { pointerId: 2, button: 0, pointerType: 'mouse', clientX: 300, clientY: 200 });
    fireEvent.pointerMove(box, { pointerId: 2, pointerType: 'mouse', clientX: 400, clientY: 170 });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    // 100 px right of 400 (25%), 30 px up of 300 (-10%).
    expect(after.style.transform).toBe('translate(-25%, -60%) scale(2)');
    fireEvent.pointerMove(box, { pointerId: 2, pointerType: 'mouse', clientX: 1000, clientY: -1000 });
    expect(after.style.transform).toBe('translate(0%, -100%) scale(2)');
    fireEvent.pointerUp(box, { pointerId: 2, pointerType: 'mouse', clientX: 1000, clientY: -1000 });
  });

  it('pinches with two pointers to zoom', () => {
    const { box } = renderCompare();
    fireEvent.pointerDown(box, { pointerId: 1, pointerType: 'touch', clientX: 250, clientY: 200 });
    fireEvent.pointerDown(box, { pointerId: 2, pointerType: 'touch', clientX: 350, clientY: 200 });
    // 100 px apart, then 250 px apart: 2.5×.
    fireEvent.pointerMove(box, { pointerId: 2, pointerType: 'touch', clientX: 500, clientY: 200 });
    expect(zoomLevel()).toHaveTextContent(/^Zoom 2\.5×$/);
    fireEvent.pointerMove(box, { pointerId: 2, pointerType: 'touch', clientX: 2000, clientY: 200 });
    expect(zoomLevel()).toHaveTextContent(/^Zoom 4×$/);
  });

  it('takes its shape from the after picture once it has loaded', () => {
    const { box, after } = renderCompare();
    expect(box.style.getPropertyValue('--compare-ratio')).toBe('');
    Object.defineProperty(after, 'naturalWidth', { value: 1200, configurable: true });
    Object.defineProperty(after, 'naturalHeight', { value: 800, configurable: true });
    fireEvent.load(after);
    expect(box.style.getPropertyValue('--compare-ratio')).toBe('1200 / 800');
  });

  it('has the shape the answer gives from the start, and the loaded picture\'s after that', () => {
    const { box, after } = renderCompare({ afterSize: { width: 900, height: 1600 } });
    expect(box.style.getPropertyValue('--compare-ratio')).toBe('900 / 1600');
    Object.defineProperty(after, 'naturalWidth', { value: 1080, configurable: true });
    Object.defineProperty(after, 'naturalHeight', { value: 1921, configurable: true });
    fireEvent.load(after);
    expect(box.style.getPropertyValue('--compare-ratio')).toBe('1080 / 1921');
  });

  it('shows no toggle unless both compareWith and onCompareWithChange are given', () => {
    renderCompare({ compareWith: 'previous' });
    expect(screen.queryByRole('group', { name: 'Compare with' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Original' })).not.toBeInTheDocument();
  });

  it('offers "Previous version" / "Original" and reports the choice', async () => {
    const onCompareWithChange = vi.fn();
    const { user } = renderCompare({ compareWith: 'previous', onCompareWithChange });
    const previous = screen.getByRole('button', { name: 'Previous version' });
    const original = screen.getByRole('button', { name: 'Original' });
    expect(previous).toHaveAttribute('aria-pressed', 'true');
    expect(original).toHaveAttribute('aria-pressed', 'false');

    await user.click(original);
    expect(onCompareWithChange).toHaveBeenCalledTimes(1);
    expect(onCompareWithChange).toHaveBeenCalledWith('original');
    // Pressing the chosen one again changes nothing.
    await user.click(previous);
    expect(onCompareWithChange).toHaveBeenCalledTimes(1);
  });
});
