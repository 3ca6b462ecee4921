import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_EXAMPLES } from '../lib/demo-examples';
import { DEMO_SCENES, DEMO_TICK_MS, PHOTO_DROPPED_AT_MS, sceneDuration } from '../lib/demo-timeline';
import { DemoSequence } from './demo-sequence';

const FIRST = DEMO_EXAMPLES[0]!;

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The screen the demo draws now (the decorative picture of the editor). */
function scene(container: HTMLElement): string | null {
  return container.querySelector('[data-scene]')?.getAttribute('data-scene') ?? null;
}

function pictures(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src') ?? '');
}

/** The time to reach the start of screen `index` of the first example (the demo moves in ticks). */
function untilScene(index: number, prompt = FIRST.prompt): number {
  const ms = DEMO_SCENES.slice(0, index).reduce((sum, name) => sum + sceneDuration(name, prompt), 0);
  return Math.ceil(ms / DEMO_TICK_MS) * DEMO_TICK_MS;
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** An IntersectionObserver the test drives: `show(true/false)` says whether the demo is on screen. */
function stubIntersection() {
  let callback: IntersectionObserverCallback = () => undefined;
  class TestObserver {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', TestObserver);
  return {
    show(onScreen: boolean) {
      act(() => callback([{ isIntersecting: onScreen } as IntersectionObserverEntry], {} as IntersectionObserver));
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('landing demo (000 §2 "embedded demo video", issue 15)', () => {
  it('plays the editor screens in order: upload, the prompt typed letter by letter, progress, before/after', () => {
    const { container } = render(<DemoSequence />);

    expect(scene(container)).toBe('upload');
    expect(pictures(container)).toEqual([]);
    wait(PHOTO_DROPPED_AT_MS);
    expect(pictures(container)).toEqual([FIRST.before]);
    expect(screen.getByText(FIRST.fileName)).toBeInTheDocument();

    wait(untilScene(1) - PHOTO_DROPPED_AT_MS + 1000);
    expect(scene(container)).toBe('prompt');
    const partial = container.querySelector('[data-scene]')!.textContent!;
    expect(partial).not.toContain(FIRST.prompt);
    expect(partial).toContain(FIRST.prompt.slice(0, 5));

    wait(untilScene(2) - untilScene(1) - 1000);
    expect(scene(container)).toBe('progress');
    expect(screen.getByText('AI Magic in Progress...')).toBeInTheDocument();

    wait(untilScene(3) - untilScene(2));
    expect(scene(container)).toBe('result');
    expect(pictures(container)).toEqual([FIRST.before, FIRST.after]);
  });

  it('types the whole prompt before Generate Image is pressed', () => {
    const { container } = render(<DemoSequence />);
    wait(untilScene(2) - 200);
    expect(scene(container)).toBe('prompt');
    expect(container.querySelector('[data-scene]')!.textContent).toContain(FIRST.prompt);
    // 000 §2 step 3: the editor's button is "Generate Image"; the demo draws that button.
    expect(screen.getByText('Generate Image')).toBeInTheDocument();
  });

  it('goes on to the next example, and says which one it shows', () => {
    const { container } = render(<DemoSequence />);
    expect(screen.getByText('Example 1 of 3:')).toBeInTheDocument();

    wait(untilScene(4));

    expect(scene(container)).toBe('upload');
    expect(screen.getByText('Example 2 of 3:')).toBeInTheDocument();
    wait(PHOTO_DROPPED_AT_MS);
    expect(pictures(container)).toEqual([DEMO_EXAMPLES[1]!.before]);
  });

  it('stops when paused and goes on from the same place when played again (WCAG 2.2.2)', () => {
    const { container } = render(<DemoSequence />);
    wait(untilScene(1) + 300);
    const before = container.querySelector('[data-scene]')!.textContent;

    fireEvent.click(screen.getByRole('button', { name: 'Pause demo' }));
    wait(60_000);

    expect(scene(container)).toBe('prompt');
    expect(container.querySelector('[data-scene]')!.textContent).toBe(before);
    expect(screen.getByText('Example 1 of 3:')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Play demo' }));
    wait(untilScene(2) - untilScene(1));
    expect(scene(container)).toBe('progress');
  });

  it('shows any screen on request as a still, paused, with that screen marked current', () => {
    const { container } = render(<DemoSequence />);

    fireEvent.click(screen.getByRole('button', { name: 'Show screen 4 Result' }));

    expect(scene(container)).toBe('result');
    expect(screen.getByRole('button', { name: 'Show screen 4 Result' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Show screen 1 Upload' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Play demo' })).toBeInTheDocument();
    wait(30_000);
    expect(scene(container)).toBe('result');

    fireEvent.click(screen.getByRole('button', { name: 'Show screen 2 Prompt' }));
    expect(container.querySelector('[data-scene]')!.textContent).toContain(FIRST.prompt);
  });

  it('quotes the prompt under the result and in the caption by the one rule of every card (inner quotes as single marks)', () => {
    const { container } = render(<DemoSequence />);
    wait(untilScene(4));
    const coffee = DEMO_EXAMPLES[1]!;
    expect(coffee.prompt).toContain('"Monday fuel"');

    fireEvent.click(screen.getByRole('button', { name: 'Show screen 4 Result' }));

    const quoted = '\u201cadd the caption \u2018Monday fuel\u2019 and make the colors warmer\u201d';
    expect(container.querySelector('[data-scene="result"]')).toHaveTextContent(quoted);
    expect(container.querySelector('figcaption')).toHaveTextContent(`Example 2 of 3: ${quoted}`);
  });

  it('keeps the moving picture from screen readers and describes the example in its caption', () => {
    const { container } = render(<DemoSequence />);
    wait(untilScene(3) + 1000);

    const picture = container.querySelector('[data-scene]')!;
    expect(picture.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryAllByRole('img')).toEqual([]);
    const caption = container.querySelector('figcaption')!;
    expect(caption).toHaveTextContent(FIRST.prompt);
    expect(caption).toHaveTextContent(FIRST.outcome);
    for (const img of Array.from(container.querySelectorAll('img'))) {
      expect(img).toHaveAttribute('width', String(FIRST.width));
      expect(img).toHaveAttribute('height', String(FIRST.height));
    }
  });

  it('waits while it is off screen and plays once it is scrolled into view', () => {
    const view = stubIntersection();
    const { container } = render(<DemoSequence />);

    wait(20_000);
    expect(scene(container)).toBe('upload');
    expect(pictures(container)).toEqual([]);

    view.show(true);
    wait(untilScene(1));
    expect(scene(container)).toBe('prompt');

    view.show(false);
    wait(20_000);
    expect(scene(container)).toBe('prompt');
  });

  it('waits while the tab is in the background', () => {
    const { container } = render(<DemoSequence />);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

    wait(20_000);
    expect(scene(container)).toBe('upload');

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    wait(untilScene(1));
    expect(scene(container)).toBe('prompt');
  });

  it('shows a still before/after pair, with nothing moving and no controls, when reduced motion is preferred', () => {
    stubReducedMotion(true);
    const { container } = render(<DemoSequence />);

    const before = screen.getByRole('img', { name: `Before: ${FIRST.subject}` });
    const after = screen.getByRole('img', { name: `After: ${FIRST.outcome}` });
    expect(before).toHaveAttribute('src', FIRST.before);
    expect(after).toHaveAttribute('src', FIRST.after);
    expect(container.querySelector('[data-scene]')).toBeNull();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    wait(60_000);
    expect(screen.getByRole('img', { name: `After: ${FIRST.outcome}` })).toBe(after);
  });
});
