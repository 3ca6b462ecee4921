import { Link } from 'react-router-dom';
import { cx } from '../../shared/lib/cx';
import { SparklesIcon } from '../../shared/ui/icons';
import styles from './brand.module.css';

/** The product mark; links home. `compact` hides the name on very narrow screens. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className={styles.brand} aria-label="Magic Editor home">
      <span className={styles.logo} aria-hidden="true">
        <SparklesIcon width={18} height={18} />
      </span>
      <span aria-hidden="true" className={cx(compact && styles.compactName)}>
        Magic Editor
      </span>
    </Link>
  );
}
