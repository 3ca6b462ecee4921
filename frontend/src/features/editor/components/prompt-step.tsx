import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { cx } from '../../../shared/lib/cx';
import { PROMPT_MAX_LENGTH } from '../../../shared/lib/editor-prompt';
import { Button } from '../../../shared/ui/button';
import { AlertCircleIcon, ChevronLeftIcon, ChevronRightIcon, ImageIcon, SparklesIcon } from '../../../shared/ui/icons';
import { NeedsAiModelMark } from '../../../shared/ui/needs-ai-model-mark';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { useGetEngineInfoQuery, VARIANT_COUNTS, type VariantCount } from '../api/editor.api';
import type { PromptFilterState } from '../hooks/use-prompt-filter';
import { chipsFor, isChipNeedingAiModel, placeholderPrompt } from '../lib/chips';
import { UNSUPPORTED_EDIT_MESSAGE } from '../lib/generation-errors';
import { LocalEngineDialog } from './local-engine-dialog';
import { StepPanel } from './step-panel';
import chipStyles from './prompt-chip.module.css';
import styles from './prompt-step.module.css';

/** 000 §9: the prompt textarea has 4 rows. */
export const PROMPT_ROWS = 4;

/** The photo the prompt applies to: an upload, or a version of the edit chain (D38). */
export interface PromptPhoto {
  /** A small picture of it; null while there is none (an upload before its object URL). */
  src: string | null;
  /** e.g. "photo.jpg", "Version 2". */
  name: string;
  alt: string;
}

/** D39: "Generate Image" for one result (000 §2's text), "Generate · 4 credits" for more. */
export function generateLabel(variants: VariantCount): string {
  return variants === 1 ? 'Generate Image' : `Generate · ${variants} credits`;
}

export interface PromptStepProps {
  photo: PromptPhoto | null;
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
  /** D39: how many results one Generate asks for (1 by default). */
  variants?: VariantCount;
  onVariantsChange?: (variants: VariantCount) => void;
  /** The user's balance, when known: the results choice says when it is short of N. */
  balance?: number | null;
  /** D40: the region brush (shown under "Paint the area to change" while open); null when the photo cannot be painted. */
  painter?: ReactNode;
  painterOpen?: boolean;
  onPainterOpenChange?: (open: boolean) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Under the results choice: what N results cost, and when the balance is short of it (000 §8 with N, D39). */
export function variantsHint(variants: VariantCount, balance: number | null): string {
  if (variants === 1) return 'Ask for 2 or 4 to get different takes to pick from.';
  const cost = `${variants} results, ${variants} credits, each with a different seed.`;
  if (balance !== null && balance < variants) return `${cost} You have ${balance} ${balance === 1 ? 'credit' : 'credits'}.`;
  return cost;
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
 *
 * Issue 26: the photo may be a version of the edit chain (D38, no upload); "Paint the area to
 * change" opens the region brush (D40); "Results: 1 / 2 / 4" asks for variants (D39), and the
 * Generate button then names their cost.
 */
export function PromptStep({
  photo,
  prompt,
  filter,
  share,
  onPromptChange,
  onShareChange,
  onRemoveImage,
  onBack,
  onGenerate,
  refusedPrompt = null,
  variants = 1,
  onVariantsChange,
  balance = null,
  painter = null,
  painterOpen = false,
  onPainterOpenChange,
  headingRef,
}: PromptStepProps) {
  const promptId = useId();
  const hintId = useId();
  const messageId = useId();
  const chipsId = useId();
  const shareHintId = useId();
  const engineNoteId = useId();
  const variantsId = useId();
  const variantsHintId = useId();
  const painterId = useId();
  const { data: engine, isLoading: engineLoading } = useGetEngineInfoQuery();
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
      {photo ? (
        <div className={styles.photo}>
          <span className={styles.thumbnail}>{photo.src ? <img src={photo.src} alt={photo.alt} /> : <ImageIcon />}</span>
          <span className={styles.photoName}>{photo.name}</span>
          <Button variant="ghost" size="sm" onClick={onRemoveImage} aria-label={`Remove ${photo.name}`}>
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
          {/* Busy until the engine is known: its answer may reorder the chips and add a line above them. */}
          <div className={styles.chipScroller} role="region" aria-labelledby={chipsId} aria-busy={engineLoading || undefined}>
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

        {/* D40: the region brush, folded away until asked for. */}
        {painter ? (
          <div className={styles.paint}>
            <button
              type="button"
              className={styles.disclosure}
              aria-expanded={painterOpen}
              aria-controls={painterId}
              onClick={() => onPainterOpenChange?.(!painterOpen)}
            >
              <ChevronRightIcon width={18} height={18} className={styles.disclosureIcon} />
              Paint the area to change
              <span className={styles.optional}>(optional)</span>
            </button>
            <div id={painterId} hidden={!painterOpen} className={styles.painterSlot}>
              {painterOpen ? painter : null}
            </div>
          </div>
        ) : null}

        {/* D39: one, two or four results from one prompt; each costs a credit. */}
        {onVariantsChange ? (
          <div className={styles.variants}>
            <span id={variantsId} className={styles.label}>
              Results
            </span>
            <div role="radiogroup" aria-labelledby={variantsId} aria-describedby={variantsHintId} className={styles.segmented}>
              {VARIANT_COUNTS.map((count) => (
                <label key={count} className={styles.segment}>
                  <input
                    type="radio"
                    name={variantsId}
                    value={count}
                    checked={variants === count}
                    onChange={() => onVariantsChange(count)}
                    className={styles.segmentInput}
                  />
                  <span className={styles.segmentText}>
                    <span aria-hidden="true">{count}</span>
                    <VisuallyHidden>{count === 1 ? '1 result' : `${count} results`}</VisuallyHidden>
                  </span>
                </label>
              ))}
            </div>
            <p id={variantsHintId} className={styles.hint}>
              {variantsHint(variants, balance)}
            </p>
          </div>
        ) : null}

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
          <Button type="submit" variant="primary" disabled={!canGenerate} data-cost={variants > 1 ? '' : undefined}>
            <SparklesIcon />
            {generateLabel(variants)}
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
