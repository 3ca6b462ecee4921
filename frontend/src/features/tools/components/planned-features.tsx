import { Card } from '../../../shared/ui/card';
import { SparklesIcon } from '../../../shared/ui/icons';
import styles from './planned-features.module.css';

/** A coming-soon tool's list of planned features (001 §2 "Coming-soon pages"). */
export function PlannedFeatures({ features }: { features: readonly string[] }) {
  return (
    <Card as="section" aria-labelledby="planned-features-title">
      <div className={styles.header}>
        <h2 id="planned-features-title" className={styles.title}>
          Planned features
        </h2>
        <span className={styles.badge}>Coming soon</span>
      </div>
      <ul className={styles.list}>
        {features.map((feature) => (
          <li key={feature} className={styles.item}>
            <SparklesIcon width={18} height={18} className={styles.icon} />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}
