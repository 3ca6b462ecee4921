import { ButtonLink } from '../../../shared/ui/button';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { ArrowLeftIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './youtube-to-article-page.module.css';

/** /tools/youtube-to-article (001 §2); the tool arrives with the tools issue. */
export function YoutubeToArticlePage() {
  return (
    <div className={styles.page}>
      <PageHeading title="YouTube to Article" subtitle="Turn a YouTube video into a ready-to-edit article." />
      <ComingSoon>
        <p>This tool opens soon.</p>
      </ComingSoon>
      {/* 001 §2: "A Back to Dashboard link points to /". */}
      <ButtonLink to="/" variant="ghost" className={styles.back}>
        <ArrowLeftIcon />
        Back to Dashboard
      </ButtonLink>
    </div>
  );
}
