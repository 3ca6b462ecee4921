import type { Ref } from 'react';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ChevronLeftIcon, SparklesIcon } from '../../../shared/ui/icons';
import { StepPanel } from './step-panel';
import styles from './choose-editor-step.module.css';

/** 000 §2: the example before/after, static assets of the project. */
export const EXAMPLE_ORIGINAL_SRC = '/assets/original.jpg';
export const EXAMPLE_EDITED_SRC = '/assets/edited.png';
// The assets' own size, so the page does not jump while they load (CSS scales them).
const EXAMPLE_WIDTH = 451;
const EXAMPLE_HEIGHT = 300;
/** The prompt the example was made with (public/assets/CREDITS.md). */
const EXAMPLE_PROMPT = 'add snow falling and make the colors warmer';

export interface ChooseEditorStepProps {
  onChoose: () => void;
  onBack: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Step 2 (000 §2): one "Magic Image Editor" card; choosing it sets the style to realistic. */
export function ChooseEditorStep({ onChoose, onBack, headingRef }: ChooseEditorStepProps) {
  return (
    <StepPanel eyebrow="Step 2 of 4" title="Choose Editor" description="Pick how your photo gets edited." headingRef={headingRef}>
      <Card as="article" className={styles.editorCard} aria-labelledby="magic-image-editor-title">
        <div className={styles.cardHeader}>
          <span className={styles.icon} aria-hidden="true">
            <SparklesIcon width={22} height={22} />
          </span>
          <div>
            <h3 id="magic-image-editor-title" className={styles.cardTitle}>
              Magic Image Editor
            </h3>
            <p className={styles.cardText}>
              Describe the change in one sentence: a new background, different clothes, something added or taken away.
            </p>
          </div>
        </div>
        <div className={styles.examples}>
          <figure className={styles.example}>
            <img
              src={EXAMPLE_ORIGINAL_SRC}
              width={EXAMPLE_WIDTH}
              height={EXAMPLE_HEIGHT}
              alt="Example before: a photo of a cat"
              loading="lazy"
              decoding="async"
              className={styles.exampleImage}
            />
            <figcaption className={styles.caption}>Before</figcaption>
          </figure>
          <figure className={styles.example}>
            <img
              src={EXAMPLE_EDITED_SRC}
              width={EXAMPLE_WIDTH}
              height={EXAMPLE_HEIGHT}
              alt={`Example after: the same photo with "${EXAMPLE_PROMPT}"`}
              loading="lazy"
              decoding="async"
              className={styles.exampleImage}
            />
            <figcaption className={styles.caption}>After</figcaption>
          </figure>
        </div>
        <p className={styles.examplePrompt}>
          Example prompt: <q>{EXAMPLE_PROMPT}</q>
        </p>
        <Button variant="primary" block onClick={onChoose}>
          Continue with Magic Image Editor
        </Button>
      </Card>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          <ChevronLeftIcon />
          Back
        </Button>
      </div>
    </StepPanel>
  );
}
