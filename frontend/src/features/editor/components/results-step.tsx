import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { AlertCircleIcon, DownloadIcon } from '../../../shared/ui/icons';
import type { GenerationResult } from '../api/editor.api';
import { ResultImage } from './result-image';
import { StepPanel } from './step-panel';
import styles from './results-step.module.css';

export interface ResultsStepProps {
  result: GenerationResult | null;
  prompt: string;
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
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Step 4 (000 §2): original and result side by side (stacked on phones), then Download,
 * Save to My Edits / Remove from My Edits, Share, Regenerate and Try Another Prompt.
 */
export function ResultsStep({
  result,
  prompt,
  isSaved,
  saveBusy,
  onSave,
  onUnsave,
  onShare,
  shareBusy = false,
  onRegenerate,
  onReset,
  headingRef,
}: ResultsStepProps) {
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

  const alt = prompt.trim() || 'Your edited image';
  return (
    <StepPanel
      eyebrow="Step 4 of 4"
      title="Download Results"
      description="Your edit is ready. Download it, share it, or try another idea."
      headingRef={headingRef}
    >
      <div className={styles.pair}>
        {result.originalUrl ? (
          <ResultImage
            key={result.originalUrl}
            src={result.originalUrl}
            renditions={result.originalRenditions}
            alt="Your original photo"
            caption="Original"
          />
        ) : null}
        <ResultImage key={result.imageUrl} src={result.imageUrl} renditions={result.generatedRenditions} alt={alt} caption="Result" />
      </div>

      {result.watermarked ? (
        <p className={styles.watermark}>
          <AlertCircleIcon width={18} height={18} />
          <span>
            <strong>Watermarked</strong>: made with a free credit.{' '}
            <Link to="/pricing">Buy credits or a plan to remove watermarks</Link>.
          </span>
        </p>
      ) : null}

      <div className={styles.actions}>
        <a href={result.downloadUrl} download className={buttonClassName({ variant: 'primary' })}>
          <DownloadIcon />
          Download
        </a>
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
