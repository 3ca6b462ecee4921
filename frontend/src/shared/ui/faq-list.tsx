import styles from './faq-list.module.css';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * Questions as native disclosures (`<details>`/`<summary>`): keyboard and screen-reader support
 * come with the element, and the browser's find-in-page opens a closed answer that matches.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.question} className={styles.item}>
          <summary className={styles.question}>
            <span>{item.question}</span>
            <svg className={styles.chevron} viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
              <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <p className={styles.answer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
