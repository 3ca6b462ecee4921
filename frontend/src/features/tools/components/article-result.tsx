import { useState, type Ref } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { AlertCircleIcon, DownloadIcon, SparklesIcon } from '../../../shared/ui/icons';
import { notifyError } from '../../../shared/ui/notify';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import type { ArticleWriter } from '../api/tools.api';
import { copyText, downloadText, ARTICLE_FILE_NAME } from '../lib/download-text';
import { PublishToWordPressDialog } from './publish-to-wordpress-dialog';
import styles from './youtube-article.module.css';

export const LOCAL_WRITER_NOTICE =
  "This article was written from the video's captions by the built-in writer, without an AI model. Add your OpenAI API key for a polished article.";

export interface ArticleResultProps {
  article: string;
  /** The title the server gave; the WordPress post's title when the text's first line is not one. */
  title: string;
  writer: ArticleWriter | null;
  onArticleChange: (article: string) => void;
  onGenerateAnother: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The result state (001 §2): the article in an editable text area (at least 400 px high) with
 * Copy, Download (youtube-article.txt), Publish to WordPress (D33) and Generate Another. Every
 * button uses the text as the user has edited it.
 */
export function ArticleResult({ article, title, writer, onArticleChange, onGenerateAnother, headingRef }: ArticleResultProps) {
  const [publishing, setPublishing] = useState(false);
  const empty = article.trim() === '';

  async function copy() {
    if (await copyText(article)) toast.success('Copied', { description: 'Article copied to clipboard' });
    else notifyError('Copy failed', { description: 'Your browser did not allow copying. Select the text and copy it yourself.' });
  }

  return (
    <Card as="section" className={styles.panel} aria-labelledby="youtube-article-result-title">
      <div className={styles.panelHeader}>
        <h2 id="youtube-article-result-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
          Your article
        </h2>
        <p className={styles.panelText}>Edit it as you like: Copy, Download and Publish use the text as it is here.</p>
      </div>
      {writer === 'local' ? (
        <div role="note" className={styles.notice}>
          <AlertCircleIcon className={styles.noticeIcon} />
          <p>{LOCAL_WRITER_NOTICE}</p>
        </div>
      ) : null}
      <TextAreaField
        label="Article"
        rows={18}
        spellCheck
        className={styles.editor}
        value={article}
        onChange={(event) => onArticleChange(event.target.value)}
      />
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={() => downloadText(article, ARTICLE_FILE_NAME)}>
          <DownloadIcon />
          Download
        </Button>
        <Button variant="secondary" disabled={empty} onClick={() => setPublishing(true)}>
          Publish to WordPress
        </Button>
        <Button variant="ghost" onClick={onGenerateAnother}>
          <SparklesIcon />
          Generate Another
        </Button>
      </div>
      <PublishToWordPressDialog open={publishing} onClose={() => setPublishing(false)} article={article} fallbackTitle={title} />
    </Card>
  );
}
