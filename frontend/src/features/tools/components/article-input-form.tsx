import type { FormEvent, Ref } from 'react';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { SparklesIcon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/text-field';
import type { ArticleFields } from '../hooks/use-youtube-article';
import styles from './youtube-article.module.css';

export const OPENAI_KEY_NOTE =
  'Saved only in this browser and sent with each request; never stored on our servers. Leave empty to use the built-in writer.';

export interface ArticleInputFormProps {
  fields: ArticleFields;
  urlError: string | null;
  onFieldChange: (field: keyof ArticleFields, value: string) => void;
  openaiKey: string;
  onOpenaiKeyChange: (key: string) => void;
  onForgetOpenaiKey: () => void;
  onGenerate: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  urlRef?: Ref<HTMLInputElement>;
}

/** The input state (001 §2): the YouTube URL, an optional custom title and the user's OpenAI key (D33). */
export function ArticleInputForm({
  fields,
  urlError,
  onFieldChange,
  openaiKey,
  onOpenaiKeyChange,
  onForgetOpenaiKey,
  onGenerate,
  headingRef,
  urlRef,
}: ArticleInputFormProps) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onGenerate();
  }

  return (
    <Card as="section" className={styles.panel} aria-labelledby="youtube-article-input-title">
      <div className={styles.panelHeader}>
        <h2 id="youtube-article-input-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
          Video details
        </h2>
        <p className={styles.panelText}>Paste a link to a YouTube video with captions; you get an article you can edit.</p>
      </div>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <TextField
          ref={urlRef}
          label="YouTube URL"
          type="url"
          inputMode="url"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="https://www.youtube.com/watch?v=…"
          hint="A video link: youtube.com/watch, youtu.be, shorts, embed or live."
          error={urlError ?? undefined}
          value={fields.youtubeUrl}
          onChange={(event) => onFieldChange('youtubeUrl', event.target.value)}
        />
        <TextField
          label="Custom title"
          optional
          autoComplete="off"
          hint="Leave empty to use a title from the video."
          value={fields.customTitle}
          onChange={(event) => onFieldChange('customTitle', event.target.value)}
        />
        <div className={styles.keyRow}>
          <TextField
            label="OpenAI API key"
            optional
            type="password"
            revealable
            autoComplete="off"
            spellCheck={false}
            placeholder="sk-…"
            hint={OPENAI_KEY_NOTE}
            className={styles.keyField}
            value={openaiKey}
            onChange={(event) => onOpenaiKeyChange(event.target.value)}
          />
          <Button variant="ghost" size="sm" className={styles.forget} disabled={openaiKey === ''} onClick={onForgetOpenaiKey}>
            Forget key
          </Button>
        </div>
        <Button type="submit" variant="primary" size="lg" className={styles.submit}>
          <SparklesIcon />
          Generate Article
        </Button>
      </form>
    </Card>
  );
}
