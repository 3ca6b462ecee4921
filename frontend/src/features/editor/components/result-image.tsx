import { useState } from 'react';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertCircleIcon } from '../../../shared/ui/icons';
import styles from './results-step.module.css';

export interface ResultImageProps {
  src: string;
  alt: string;
  caption: string;
}

/**
 * One image of the result pair: a skeleton while it loads, a short note if it cannot be shown.
 * The image links to itself in a new tab (000 §2 "Image links").
 */
export function ResultImage({ src, alt, caption }: ResultImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        {state === 'loading' ? <Skeleton className={styles.skeleton} height="100%" /> : null}
        {state === 'error' ? (
          <p className={styles.imageError}>
            <AlertCircleIcon />
            This image could not be loaded.{' '}
            <a href={src} target="_blank" rel="noopener noreferrer">
              Open it in a new tab
            </a>
          </p>
        ) : (
          <a href={src} target="_blank" rel="noopener noreferrer" className={styles.imageLink}>
            <img
              src={src}
              alt={alt}
              className={styles.image}
              data-state={state}
              onLoad={() => setState('loaded')}
              onError={() => setState('error')}
            />
          </a>
        )}
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
