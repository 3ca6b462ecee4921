import { PROMPT_SUGGESTIONS } from '@generation-rules/prompt-suggestions';
import { useId, type FormEvent, type Ref } from 'react';
import { Button } from '../../../shared/ui/button';
import { AlertCircleIcon, ChevronLeftIcon, ImageIcon, SparklesIcon } from '../../../shared/ui/icons';
import { useObjectUrl } from '../hooks/use-object-url';
import type { PromptFilterState } from '../hooks/use-prompt-filter';
import { StepPanel } from './step-panel';
import styles from './prompt-step.module.css';

/** 000 §9: the prompt textarea has 4 rows. */
export const PROMPT_ROWS = 4;
/** The server's limit on a prompt (generation contract: 1..1000 characters). */
export const PROMPT_MAX_LENGTH = 1000;

export interface PromptStepProps {
  image: File | null;
  prompt: string;
  filter: PromptFilterState;
  share: boolean;
  onPromptChange: (prompt: string) => void;
  onShareChange: (share: boolean) => void;
  onRemoveImage: () => void;
  onBack: () => void;
  onGenerate: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Step 3 (000 §2, §5): the prompt (4 rows) with the live filter's message under it, the 12
 * suggestion chips, the "Share to community" switch (D14, on by default), Back and Generate
 * Image, which stays disabled while the prompt is empty, blank or blocked.
 */
export function PromptStep({
  image,
  prompt,
  filter,
  share,
  onPromptChange,
  onShareChange,
  onRemoveImage,
  onBack,
  onGenerate,
  headingRef,
}: PromptStepProps) {
  const promptId = useId();
  const hintId = useId();
  const messageId = useId();
  const chipsId = useId();
  const shareHintId = useId();
  const thumbnailUrl = useObjectUrl(image);
  const blocked = filter.result.isBlocked;
  const canGenerate = prompt.trim() !== '' && !blocked;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canGenerate) onGenerate();
  }

  return (
    <StepPanel
      eyebrow="Step 3 of 4"
      title="Add Prompt"
      description="Describe the change you want in one sentence."
      headingRef={headingRef}
    >
      {image ? (
        <div className={styles.photo}>
          <span className={styles.thumbnail}>
            {thumbnailUrl ? <img src={thumbnailUrl} alt={`Your photo: ${image.name}`} /> : <ImageIcon />}
          </span>
          <span className={styles.photoName}>{image.name}</span>
          <Button variant="ghost" size="sm" onClick={onRemoveImage} aria-label={`Remove ${image.name}`}>
            Remove
          </Button>
        </div>
      ) : null}

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label htmlFor={promptId} className={styles.label}>
            Your prompt
          </label>
          <textarea
            id={promptId}
            className={styles.textarea}
            rows={PROMPT_ROWS}
            maxLength={PROMPT_MAX_LENGTH}
            value={prompt}
            placeholder="e.g. change the background to a beach at sunset"
            aria-invalid={blocked ? true : undefined}
            aria-describedby={blocked ? `${messageId} ${hintId}` : hintId}
            onChange={(event) => onPromptChange(event.target.value)}
          />
          <p id={hintId} className={styles.hint}>
            Be specific: what to change, and how. Each image uses 1 credit.
          </p>
          {/* Announced when it appears; empty otherwise. */}
          <div aria-live="polite" className={styles.messageSlot}>
            {blocked && filter.result.reason ? (
              <p id={messageId} className={styles.message}>
                <AlertCircleIcon width={18} height={18} />
                {filter.result.reason}
              </p>
            ) : null}
          </div>
        </div>

        {/* On a phone the chips are one row that scrolls sideways (a labelled region of buttons),
            so Generate Image stays close below the prompt (issue 15); wider screens wrap them. */}
        <div className={styles.suggestions}>
          <h3 id={chipsId} className={styles.suggestionsTitle}>
            Need ideas? Try one:
          </h3>
          <div className={styles.chipScroller} role="region" aria-labelledby={chipsId}>
            <ul className={styles.chips}>
              {PROMPT_SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    className={styles.chip}
                    data-selected={prompt === suggestion ? '' : undefined}
                    onClick={() => onPromptChange(suggestion)}
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className={styles.share}>
          <label className={styles.switchLabel}>
            <input
              type="checkbox"
              role="switch"
              className={styles.switchInput}
              checked={share}
              aria-describedby={shareHintId}
              onChange={(event) => onShareChange(event.target.checked)}
            />
            <span className={styles.switchTrack} aria-hidden="true">
              <span className={styles.switchThumb} />
            </span>
            <span>Share to community</span>
          </label>
          <p id={shareHintId} className={styles.hint}>
            {share
              ? 'Your edit appears in Recent Community Edits for everyone to see.'
              : 'Your edit stays private: only you can open it.'}
          </p>
        </div>

        <div className={styles.actions}>
          <Button variant="secondary" onClick={onBack}>
            <ChevronLeftIcon />
            Back
          </Button>
          <Button type="submit" variant="primary" disabled={!canGenerate}>
            <SparklesIcon />
            Generate Image
          </Button>
        </div>
      </form>
    </StepPanel>
  );
}
