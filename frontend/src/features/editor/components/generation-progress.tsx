import type { Ref } from 'react';
import { useElapsedSeconds } from '../../../shared/lib/use-elapsed-seconds';
import { SparklesIcon } from '../../../shared/ui/icons';
import { StepPanel } from './step-panel';
import styles from './generation-progress.module.css';

/**
 * 000 §2: the progress screen while an image is generated ("usually takes 10-15 seconds"), with
 * the elapsed time (DESIGN.md "Long work shows progress and elapsed time") and an indeterminate
 * progress bar that stands still when the user prefers reduced motion.
 */
export function GenerationProgress({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const seconds = useElapsedSeconds();
  return (
    <StepPanel title="AI Magic in Progress..." headingRef={headingRef} centered>
      <div className={styles.body} aria-busy="true">
        <span className={styles.icon} aria-hidden="true">
          <SparklesIcon width={32} height={32} />
        </span>
        <p className={styles.lead}>Your image is being created. This usually takes 10-15 seconds.</p>
        <div className={styles.track} role="progressbar" aria-label="Generating your image" aria-valuetext={`${seconds} seconds elapsed`}>
          <span className={styles.bar} />
        </div>
        <p className={styles.elapsed}>
          Elapsed:{' '}
          <span role="timer" aria-live="off" className={styles.seconds}>
            {seconds} s
          </span>
        </p>
        <p className={styles.note}>Please keep this page open. No credit is used if it fails.</p>
      </div>
    </StepPanel>
  );
}
