import { useId, useState, type FormEvent, type Ref } from 'react';
import { cx } from '../../../shared/lib/cx';
import { PROMPT_MAX_LENGTH } from '../../../shared/lib/editor-prompt';
import { Button } from '../../../shared/ui/button';
import { AlertCircleIcon, ChevronLeftIcon, ImageIcon, SparklesIcon } from '../../../shared/ui/icons';
import { NeedsAiModelMark } from '../../../shared/ui/needs-ai-model-mark';
import { useGetEngineInfoQuery } from '../api/editor.api';
import { useObjectUrl } from '../hooks/use-object-url';
import type { PromptFilterState } from '../hooks/use-prompt-filter';
import { chipsFor, isChipNeedingAiModel, placeholderPrompt } from '../lib/chips';
import { UNSUPPORTED_EDIT_MESSAGE } from '../lib/generation-errors';
import { LocalEngineDialog } from './local-engine-dialog';
import { StepPanel } from './step-panel';
import chipStyles from './prompt-chip.module.css';
import styles from './prompt-step.module.css';

/** 000 §9: the prompt textarea has 4 rows. */
export const PROMPT_ROWS = 4;

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
  /** The last prompt the local engine refused (issue 15); the note under the prompt says so while it is unchanged. */
  refusedPrompt?: string | null;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Step 3 (000 §2, §5): the prompt (4 rows) with the live filter's message under it, the 12
 * suggestion chips, the "Share to community" switch (D14, on by default), Back and Generate
 * Image, which stays disabled while the prompt is empty, blank or blocked.
 *
 * Issue 15: the chips follow the active engine (GET /api/generation/capabilities). With the local
 * engine the ones it does come first, the others last and marked "needs the AI model"; a line above
 * them and a short note under the prompt (for a marked chip, or a prompt just refused) link to the
 * list of what works locally. With the AI model, or while the engine is unknown, all is as before.
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
  refusedPrompt = null,
  headingRef,
}: PromptStepProps) {
  const promptId = useId();
  const hintId = useId();
  const messageId = useId();
  const chipsId = useId();
  const shareHintId = useId();
  const engineNoteId = useId();
  const thumbnailUrl = useObjectUrl(image);
  const { data: engine } = useGetEngineInfoQuery();
  const [listOpen, setListOpen] = useState(false);
  const local = engine?.engine === 'local';
  const chips = chipsFor(engine);
  const trimmed = prompt.trim();
  // One or two lines, never the whole list: the list is a click away.
  const showLocalNote = local && trimmed !== '' && (trimmed === refusedPrompt || isChipNeedingAiModel(chips, trimmed));
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
            placeholder={`e.g. ${placeholderPrompt(chips)}`}
            aria-invalid={blocked ? true : undefined}
            aria-describedby={[blocked ? messageId : null, hintId, showLocalNote ? engineNoteId : null].filter(Boolean).join(' ')}
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
          <div aria-live="polite" className={styles.messageSlot}>
            {showLocalNote ? (
              <p id={engineNoteId} className={styles.engineNote}>
                {UNSUPPORTED_EDIT_MESSAGE}{' '}
                <button type="button" className={styles.linkButton} onClick={() => setListOpen(true)}>
                  See what works locally
                </button>
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
          {local ? (
            <p className={styles.engineLine}>
              This server edits photos without the AI model.{' '}
              <button type="button" className={styles.linkButton} onClick={() => setListOpen(true)}>
                See what works locally
              </button>
            </p>
          ) : null}
          <div className={styles.chipScroller} role="region" aria-labelledby={chipsId}>
            <ul className={styles.chips}>
              {chips.map((chip) => (
                <li key={chip.prompt}>
                  <button
                    type="button"
                    className={cx(chipStyles.chip, styles.chip)}
                    data-selected={prompt === chip.prompt ? '' : undefined}
                    data-needs-ai-model={chip.needsAiModel ? '' : undefined}
                    onClick={() => onPromptChange(chip.prompt)}
                  >
                    {chip.prompt}
                    {chip.needsAiModel ? <NeedsAiModelMark className={styles.chipMark} /> : null}
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
      {local ? (
        <LocalEngineDialog
          open={listOpen}
          capabilities={engine.capabilities}
          onClose={() => setListOpen(false)}
          onUse={(example) => {
            setListOpen(false);
            onPromptChange(example);
          }}
        />
      ) : null}
    </StepPanel>
  );
}
