import { Link } from 'react-router-dom';
import { FOOTER_LINKS } from './nav-links';
import styles from './footer.module.css';

/** The footer of public pages (000 §2). */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {FOOTER_LINKS.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={styles.link}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>© {new Date().getFullYear()} Magic Editor</p>
      </div>
    </footer>
  );
}
