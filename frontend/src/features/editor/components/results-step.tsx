import { Fragment, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';
import type { Rendition } from '../../../shared/api/renditions';
import { aiEditedAlt } from '../../../shared/ui/ai-edited-badge';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { AlertCircleIcon, DownloadIcon, PencilIcon } from '../../../shared/ui/icons';
import type { GenerationResult } from '../api/editor.api';
import { CompareView, type CompareWith } from './compare-view';
import { ResultImage } from './result-image';
import { StepPanel } from './step-panel';
import styles from './results-step.module.css';

/** The uploaded photo as the server keeps it (an edit chain's "Original", D38). */
export interface OriginalPhoto {
  src: string;
  renditions: readonly Rendition[];
}

export const ORIGINAL_ALT = 'Your original photo';
export const PREVIOUS_ALT = 'The previous version';

export interface ResultsStepProps {
  /** The version on screen; null when there is none, or when the Original is on screen (`original`). */
  result: GenerationResult | null;
  prompt: string;
  /** The edit chain's Original (D38): compared with, and shown on its own when `result` is null. */
  original?: OriginalPhoto | null;
  /** The version on screen was made from another version (not from the uploaded photo). */
  hasParent?: boolean;
  /**
   * In My Edits: Remove from My Edits, else Save to My Edits. Saving is offered to every signed-in
   * user; the server has the last word (D7): without a paid plan it answers 403 and
   * use-save-result.ts says "Upgrade Required".
   */
  isSaved: boolean;
  saveBusy: boolean;
  onSave: () => void;
  onUnsave: () => void;
  onShare: () => void;
  /** Issue 15: a Share is looking up or changing the edit's visibility. */
  shareBusy?: boolean;
  onRegenerate: () => void;
  onReset: () => void;
  /** Issue 26: "Edit this result" (D38); absent when the result cannot be edited again (no id). */
  onEdit?: () => void;
  /** D39: the variants grid, when the version on screen is one of several. */
  variants?: ReactNode;
  /** D38: the version strip. */
  versions?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Step 4 (000 §2): the result compared with what it was made from (issue 26: a before/after
 * slider with zoom over one image, the previous version or the Original), then Download,
 * Edit this result, Save to My Edits / Remove from My Edits, Share, Regenerate and Try Another
 * Prompt. With variants (D39) their grid comes first; the version strip (D38) comes last.
 * With the Original on screen: the photo, "Edit the original" and Try Another Prompt.
 */
export function ResultsStep({
  result,
  prompt,
  original = null,
  hasParent = false,
  isSaved,
  saveBusy,
  onSave,
  onUnsave,
  onShare,
  shareBusy = false,
  onRegenerate,
  onReset,
  onEdit,
  variants,
  versions,
  headingRef,
}: ResultsStepProps) {
  const [compareWith, setCompareWith] = useState<CompareWith>('previous');

  if (!result && original) {
    return (
      <StepPanel
        eyebrow="Step 4 of 4"
        title="Download Results"
        description="This is your original photo. Edit it with a new prompt, or go forward to a version."
        headingRef={headingRef}
      >
        <div className={styles.single}>
          <ResultImage
            key={original.src}
            src={original.src}
            renditions={original.renditions}
            alt={ORIGINAL_ALT}
            caption="Original"
          />
        </div>
        {/* Keyed: the strip (and the focus in it) stays when the Original comes on screen or goes. */}
        <Fragment key="versions">{versions}</Fragment>
        <div className={styles.actions}>
          {onEdit ? (
            <Button variant="primary" onClick={onEdit}>
              <PencilIcon />
              Edit the original
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onReset}>
            Try Another Prompt
          </Button>
        </div>
      </StepPanel>
    );
  }

  if (!result) {
    return (
      <StepPanel eyebrow="Step 4 of 4" title="Download Results" headingRef={headingRef}>
        <div className={styles.empty}>
          <p>There is no result yet. Upload a photo and write a prompt to create one.</p>
          <Button variant="primary" onClick={onReset}>
            Start a new edit
          </Button>
        </div>
      </StepPanel>
    );
  }

  // D42: the result is labelled, its alt text included; the Original and the previous version are not.
  const alt = aiEditedAlt(prompt);
  // Compared with the previous version (what this one was made from) or with the Original; the
  // choice is offered only when they differ.
  const previousUrl = result.originalUrl;
  const originalUrl = original?.src ?? null;
  const canChoose = hasParent && previousUrl !== null && originalUrl !== null && previousUrl !== originalUrl;
  const withOriginal = !hasParent || (canChoose && compareWith === 'original') || previousUrl === null;
  const before = withOriginal ? (originalUrl ?? previousUrl) : previousUrl;

  return (
    <StepPanel
      eyebrow="Step 4 of 4"
      title="Download Results"
      description="Your edit is ready. Download it, share it, or try another idea."
      headingRef={headingRef}
    >
      {variants}

      {before ? (
        <CompareView
          key={result.imageUrl}
          beforeSrc={before}
          afterSrc={result.imageUrl}
          beforeAlt={withOriginal ? ORIGINAL_ALT : PREVIOUS_ALT}
          afterAlt={alt}
          beforeLabel={withOriginal ? 'Original' : 'Previous'}
          afterLabel="Result"
          afterAiEdited
          afterSize={result.generatedRenditions.at(-1)}
          {...(canChoose ? { compareWith, onCompareWithChange: setCompareWith } : {})}
        />
      ) : (
        <div className={styles.single}>
          <ResultImage
            key={result.imageUrl}
            src={result.imageUrl}
            renditions={result.generatedRenditions}
            alt={alt}
            caption="Result"
            aiEdited
          />
        </div>
      )}

      {result.watermarked ? (
        <p className={styles.watermark}>
          <AlertCircleIcon width={18} height={18} />
          <span>
            <strong>Watermarked</strong>: made with a free credit.{' '}
            <Link to="/pricing">Buy credits or a plan to remove watermarks</Link>.
          </span>
        </p>
      ) : null}

      <Fragment key="versions">{versions}</Fragment>

      <div className={styles.actions}>
        <a href={result.downloadUrl} download className={buttonClassName({ variant: 'primary' })}>
          <DownloadIcon />
          Download
        </a>
        {onEdit ? (
          <Button variant="secondary" onClick={onEdit}>
            <PencilIcon />
            Edit this result
          </Button>
        ) : null}
        {isSaved ? (
          <Button variant="secondary" onClick={onUnsave} disabled={saveBusy}>
            Remove from My Edits
          </Button>
        ) : (
          <Button variant="secondary" onClick={onSave} disabled={saveBusy}>
            Save to My Edits
          </Button>
        )}
        {/* Issue 15: shares the edit's /share/{id} page; busy while its visibility is looked up or changed. */}
        <Button variant="secondary" onClick={onShare} aria-busy={shareBusy || undefined}>
          Share
        </Button>
        <Button variant="secondary" onClick={onRegenerate}>
          Regenerate
        </Button>
        <Button variant="ghost" onClick={onReset}>
          Try Another Prompt
        </Button>
      </div>
    </StepPanel>
  );
}
