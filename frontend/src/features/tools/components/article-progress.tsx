import type { Ref } from 'react';
import { useElapsedSeconds } from '../../../shared/lib/use-elapsed-seconds';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import styles from './youtube-article.module.css';

export interface ArticleProgressProps {
  onCancel: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The processing state (001 §4): what is happening, the elapsed time and an indeterminate bar
 * (DESIGN.md "Long work shows progress and elapsed time"). The status line is announced once;
 * the ticking seconds are not read out every second.
 */
export function ArticleProgress({ onCancel, headingRef }: ArticleProgressProps) {
  const seconds = useElapsedSeconds();
  return (
    <Card as="section" className={styles.panel} aria-labelledby="youtube-article-progress-title">
      <div className={styles.panelHeader}>
        <h2 id="youtube-article-progress-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
          Writing your article
        </h2>
      </div>
      <p role="status" className={styles.status}>
        Fetching captions and writing your article…{' '}
        <span role="timer" aria-live="off" className={styles.seconds}>
          {seconds} s
        </span>
      </p>
      <div className={styles.track} role="progressbar" aria-label="Writing your article" aria-valuetext={`${seconds} seconds elapsed`}>
        <span className={styles.bar} />
      </div>
      <p className={styles.panelText}>Long videos can take a minute. Please keep this page open.</p>
      <Button variant="secondary" className={styles.cancel} onClick={onCancel}>
        Cancel
      </Button>
    </Card>
  );
}
