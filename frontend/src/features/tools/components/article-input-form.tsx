import type { FormEvent, Ref } from 'react';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { SparklesIcon } from '../../../shared/ui/icons';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { TextField } from '../../../shared/ui/text-field';
import type { ArticleFields, ArticleSource } from '../hooks/use-youtube-article';
import { transcriptCounter, transcriptLength, TRANSCRIPT_MAX_CHARS } from '../lib/transcript';
import styles from './youtube-article.module.css';

export const OPENAI_KEY_NOTE =
  'Saved only in this browser and sent with each request; never stored on our servers. Leave empty to use the built-in writer.';

/** Issue 24: the way from the link to a pasted transcript, also offered when the captions could not be had. */
export const PASTE_TRANSCRIPT = 'Paste a transcript instead';
export const USE_LINK = 'Use a YouTube link instead';

export interface ArticleInputFormProps {
  fields: ArticleFields;
  urlError: string | null;
  /** Issue 24: a link (the spec's form) or a pasted transcript. */
  source?: ArticleSource;
  transcriptError?: string | null;
  /** Why the last link's captions could not be had: shown with the offer to paste the transcript. */
  captionsFailure?: string | null;
  onSourceChange?: (source: ArticleSource) => void;
  onFieldChange: (field: keyof ArticleFields, value: string) => void;
  openaiKey: string;
  onOpenaiKeyChange: (key: string) => void;
  onForgetOpenaiKey: () => void;
  onGenerate: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  urlRef?: Ref<HTMLInputElement>;
  transcriptRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The input state (001 §2): the YouTube URL, an optional custom title and the user's OpenAI key
 * (D33). Issue 24: or, instead of the URL, a pasted transcript with its character count.
 */
export function ArticleInputForm({
  fields,
  urlError,
  source = 'link',
  transcriptError = null,
  captionsFailure = null,
  onSourceChange,
  onFieldChange,
  openaiKey,
  onOpenaiKeyChange,
  onForgetOpenaiKey,
  onGenerate,
  headingRef,
  urlRef,
  transcriptRef,
}: ArticleInputFormProps) {
  const pasting = source === 'transcript';
  const overLimit = transcriptLength(fields.transcript) > TRANSCRIPT_MAX_CHARS;

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
        <p className={styles.panelText}>
          {pasting
            ? "Paste what is said in the video (YouTube's transcript, an SRT or VTT file, or plain text); you get an article you can edit."
            : 'Paste a link to a YouTube video with captions; you get an article you can edit.'}
        </p>
      </div>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {pasting ? (
          <div className={styles.sourceGroup}>
            <TextAreaField
              ref={transcriptRef}
              label="Transcript"
              required
              rows={10}
              spellCheck={false}
              hint={
                <>
                  Times and [sound cues] are taken out.{' '}
                  <span className={overLimit ? styles.counterOver : styles.counter}>{transcriptCounter(fields.transcript)}</span>
                </>
              }
              error={transcriptError ?? undefined}
              value={fields.transcript}
              onChange={(event) => onFieldChange('transcript', event.target.value)}
            />
            <Button variant="ghost" size="sm" className={styles.switchSource} onClick={() => onSourceChange?.('link')}>
              {USE_LINK}
            </Button>
          </div>
        ) : (
          <div className={styles.sourceGroup}>
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
            {captionsFailure ? (
              <div className={styles.captionsFailure} role="group" aria-label="The captions could not be fetched">
                <p>{captionsFailure}</p>
                <p>You can paste the video&apos;s transcript instead: on YouTube, open the description and choose Show transcript.</p>
                <Button variant="secondary" size="sm" className={styles.switchSource} onClick={() => onSourceChange?.('transcript')}>
                  {PASTE_TRANSCRIPT}
                </Button>
              </div>
            ) : (
              onSourceChange && (
                <Button variant="ghost" size="sm" className={styles.switchSource} onClick={() => onSourceChange('transcript')}>
                  {PASTE_TRANSCRIPT}
                </Button>
              )
            )}
          </div>
        )}
        <TextField
          label="Custom title"
          optional
          autoComplete="off"
          hint={pasting ? 'Leave empty for the default title, “Article from YouTube video”.' : 'Leave empty to use a title from the video.'}
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
