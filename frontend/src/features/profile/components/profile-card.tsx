import type { ReactNode } from 'react';
import { Card } from '../../../shared/ui/card';
import styles from './profile-cards.module.css';

export interface ProfileCardProps {
  /** The heading's id; the card is the region it names. */
  titleId: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** One of the profile's cards (001 §2): a region named by its heading, with the heading's icon. */
export function ProfileCard({ titleId, icon, title, children }: ProfileCardProps) {
  return (
    <Card as="section" className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}
