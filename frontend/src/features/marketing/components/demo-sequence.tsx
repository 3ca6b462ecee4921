import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { cx } from '../../../shared/lib/cx';
import { quotePrompt } from '../../../shared/lib/quote-prompt';
import { Button } from '../../../shared/ui/button';
import { CheckCircleIcon, PauseIcon, PlayIcon, SparklesIcon, UploadIcon } from '../../../shared/ui/icons';
import { StepBar } from '../../../shared/ui/step-bar';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { usePageVisible, useInView, usePrefersReducedMotion } from '../hooks/use-demo-visibility';
import { DEMO_EXAMPLES, type DemoExample } from '../lib/demo-examples';
import {
  DEMO_SCENE_LABELS,
  DEMO_SCENE_STEP,
  DEMO_SCENES,
  DEMO_START,
  DEMO_TICK_MS,
  advance,
  afterShare,
  generatePressed,
  photoDropped,
  progressFraction,
  stillOf,
  typedLength,
  type DemoPosition,
} from '../lib/demo-timeline';
import styles from './demo-sequence.module.css';

const PROMPTS = DEMO_EXAMPLES.map((example) => example.prompt);
/** The editor's step titles, drawn in the demo's step bar. */
const STEP_TITLES = ['Upload Photo', 'Choose Editor', 'Add Prompt', 'Download Results'] as const;

function describe(example: DemoExample): string {
  return `A photo of ${example.subject} is uploaded to the editor, the prompt is typed, Generate Image is pressed, and the result comes back: ${example.outcome}.`;
}

function Photo({ src, example, className, style }: { src: string; example: DemoExample; className?: string; style?: CSSProperties }) {
  return (
    <img
      src={src}
      alt=""
      width={example.width}
      height={example.height}
      decoding="async"
      draggable={false}
      className={cx(styles.photo, className)}
      style={style}
    />
  );
}

/** One frame of the demo: the editor screen for `position`, drawn from the timeline. */
function DemoScreen({ example, position }: { example: DemoExample; position: DemoPosition }) {
  const scene = DEMO_SCENES[position.scene]!;
  const { elapsed } = position;
  let media;
  let bottom;
  if (scene === 'upload') {
    const dropped = photoDropped(elapsed);
    media = dropped ? (
      <>
        <Photo src={example.before} example={example} className={styles.dropIn} />
        <span className={styles.fileChip}>
          <CheckCircleIcon width={16} height={16} />
          {example.fileName}
        </span>
      </>
    ) : (
      <span className={styles.dropzone}>
        <UploadIcon width={32} height={32} />
        <span>Drop your photo here</span>
      </span>
    );
    bottom = (
      <>
        <span className={styles.hint}>JPG or PNG, up to 10 MB</span>
        <span className={cx(styles.fakeButton, dropped ? styles.fakePrimary : styles.fakeDisabled)}>Continue</span>
      </>
    );
  } else if (scene === 'prompt') {
    const typed = example.prompt.slice(0, typedLength(example.prompt, elapsed));
    media = <Photo src={example.before} example={example} />;
    bottom = (
      <>
        <span className={styles.textbox}>
          {typed}
          <span className={styles.caret} />
        </span>
        <span className={cx(styles.fakeButton, styles.fakePrimary, generatePressed(example.prompt, elapsed) && styles.pressed)}>
          <SparklesIcon width={16} height={16} />
          Generate Image
        </span>
      </>
    );
  } else if (scene === 'progress') {
    media = (
      <>
        <Photo src={example.before} example={example} className={styles.working} />
        <span className={styles.magicBadge}>
          <SparklesIcon width={18} height={18} />
          AI Magic in Progress...
        </span>
      </>
    );
    bottom = (
      <>
        <span className={styles.track}>
          <span className={styles.bar} style={{ transform: `scaleX(${progressFraction(elapsed).toFixed(3)})` }} />
        </span>
        <span className={styles.hint}>Elapsed: {Math.floor(elapsed / 1000)} s</span>
      </>
    );
  } else {
    const share = afterShare(elapsed) * 100;
    const edge = `${(100 - share).toFixed(2)}%`;
    media = (
      <>
        <Photo src={example.before} example={example} />
        <Photo src={example.after} example={example} className={styles.afterLayer} style={{ clipPath: `inset(0 0 0 ${edge})` }} />
        <span className={styles.divider} style={{ left: edge }} />
        <span className={cx(styles.label, styles.labelBefore)}>Before</span>
        <span className={cx(styles.label, styles.labelAfter)}>After</span>
      </>
    );
    bottom = (
      <>
        <span className={styles.resultPrompt}>{quotePrompt(example.prompt)}</span>
        <span className={cx(styles.fakeButton, styles.fakeSecondary)}>Download</span>
      </>
    );
  }
  return (
    <div className={styles.screen} data-scene={scene}>
      <StepBar titles={STEP_TITLES} current={DEMO_SCENE_STEP[scene]} compact />
      <div className={styles.media}>{media}</div>
      <div className={styles.bottom}>{bottom}</div>
    </div>
  );
}

/** Starts loading the demo's pictures once, so no screen waits for its image. */
function usePreload(active: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!active || done.current) return;
    done.current = true;
    for (const example of DEMO_EXAMPLES) {
      for (const src of [example.before, example.after]) {
        const image = new Image();
        image.decoding = 'async';
        image.src = src;
      }
    }
  }, [active]);
}

/** The animated walk through the editor, with Pause/Play and a way to stop on any screen. */
function DemoPlayer() {
  const [position, setPosition] = useState<DemoPosition>(DEMO_START);
  const [playing, setPlaying] = useState(true);
  const frameRef = useRef<HTMLDivElement>(null);
  const inView = useInView(frameRef);
  const pageVisible = usePageVisible();
  const running = playing && inView && pageVisible;
  usePreload(inView);

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setPosition((current) => advance(current, DEMO_TICK_MS, PROMPTS)), DEMO_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const example = DEMO_EXAMPLES[position.example]!;
  const number = position.example + 1;

  return (
    <figure className={styles.figure} data-state={running ? 'playing' : 'paused'}>
      <div ref={frameRef} className={styles.frame}>
        {/* A moving picture of the editor: its text alternative is in the caption below. */}
        <div aria-hidden="true">
          <DemoScreen example={example} position={position} />
        </div>
      </div>
      <div className={styles.controls}>
        {/* WCAG 2.2.2: the demo moves on by itself for longer than 5 s, so it can be paused. */}
        <Button variant="secondary" size="sm" onClick={() => setPlaying((value) => !value)}>
          {playing ? <PauseIcon width={16} height={16} /> : <PlayIcon width={16} height={16} />}
          {playing ? 'Pause demo' : 'Play demo'}
        </Button>
        <ol className={styles.sceneList} aria-label="Demo screens">
          {DEMO_SCENES.map((scene, index) => (
            <li key={scene}>
              <Button
                variant="ghost"
                size="sm"
                className={styles.sceneButton}
                aria-label={`Show screen ${index + 1} ${DEMO_SCENE_LABELS[scene]}`}
                aria-current={index === position.scene ? 'step' : undefined}
                onClick={() => {
                  setPlaying(false);
                  setPosition(stillOf(position.example, index, example.prompt));
                }}
              >
                {`${index + 1} ${DEMO_SCENE_LABELS[scene]}`}
              </Button>
            </li>
          ))}
        </ol>
      </div>
      <figcaption className={styles.caption}>
        <span className={styles.exampleCount}>{`Example ${number} of ${DEMO_EXAMPLES.length}:`}</span>{' '}
        {quotePrompt(example.prompt)}
        <VisuallyHidden>{` ${describe(example)}`}</VisuallyHidden>
      </figcaption>
    </figure>
  );
}

/** Reduced motion: the first example as a still before/after pair, nothing moves. */
function DemoStill() {
  const example = DEMO_EXAMPLES[0]!;
  const shots = [
    { label: 'Before', src: example.before, alt: `Before: ${example.subject}`, labelClass: undefined },
    { label: 'After', src: example.after, alt: `After: ${example.outcome}`, labelClass: styles.labelMagic },
  ];
  return (
    <figure className={styles.figure}>
      <div className={styles.stillPair}>
        {shots.map((shot) => (
          <div key={shot.label} className={styles.stillShot}>
            <img
              src={shot.src}
              alt={shot.alt}
              width={example.width}
              height={example.height}
              loading="lazy"
              decoding="async"
              className={styles.photo}
            />
            <span className={cx(styles.label, styles.labelStill, shot.labelClass)} aria-hidden="true">
              {shot.label}
            </span>
          </div>
        ))}
      </div>
      <figcaption className={styles.caption}>
        Upload a photo, write {quotePrompt(example.prompt)}, press Generate Image, and the edit comes back in seconds.
      </figcaption>
    </figure>
  );
}

/**
 * The landing page's demo (000 §2 "embedded demo video"): the editor's own screens played in
 * order (upload, prompt typed, progress, before/after result) with sample photos and the local
 * engine's real output for each prompt. Plays only while on screen; a visitor who prefers reduced
 * motion gets a still before/after pair instead (DESIGN.md "Motion").
 */
export function DemoSequence() {
  return usePrefersReducedMotion() ? <DemoStill /> : <DemoPlayer />;
}
