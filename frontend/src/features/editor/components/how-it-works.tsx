import type { ReactNode } from 'react';
import { Card } from '../../../shared/ui/card';
import { PencilIcon, UploadIcon, ZapIcon } from '../../../shared/ui/icons';
import styles from './how-it-works.module.css';

const STEPS: ReadonlyArray<{ icon: ReactNode; title: string; text: string }> = [
  { icon: <UploadIcon />, title: 'Upload a photo', text: 'Any JPG or PNG photo, up to 10 MB.' },
  { icon: <PencilIcon />, title: 'Write a prompt', text: 'Describe the change you want in one sentence.' },
  { icon: <ZapIcon />, title: 'Download your edit', text: 'Your edited image is ready in 10-20 seconds.' },
];

/** 000 §2 "How It Works": upload, write prompt, download in 10-20 seconds. */
export function HowItWorks() {
  return (
    <Card as="section" className={styles.box} aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className={styles.title}>
        How It Works
      </h2>
      <ol className={styles.list}>
        {STEPS.map((step) => (
          <li key={step.title} className={styles.item}>
            <span className={styles.icon} aria-hidden="true">
              {step.icon}
            </span>
            <div>
              <h3 className={styles.itemTitle}>
                {step.title}
              </h3>
              <p className={styles.text}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
