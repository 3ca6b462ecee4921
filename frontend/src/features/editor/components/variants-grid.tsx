import { useId } from 'react';
import { cx } from '../../../shared/lib/cx';
import { AI_EDITED, AiEditedBadge } from '../../../shared/ui/ai-edited-badge';
import { Button } from '../../../shared/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../shared/ui/icons';
import { RenditionImage } from '../../../shared/ui/rendition-image';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import type { GenerationVariant } from '../api/editor.api';
import styles from './variants-grid.module.css';

/**
 * How wide a variant is drawn: two columns on every screen inside the workflow card (see
 * RESULT_IMAGE_SIZES for the card's own width), less the grid's gap and each tile's padding and
 * border.
 */
export const VARIANT_IMAGE_SIZES = [
  '(min-width: 1152px) 335px',
  '(min-width: 1024px) calc((100vw - 482px) / 2)',
  '(min-width: 768px) calc((100vw - 138px) / 2)',
  '(min-width: 640px) calc((100vw - 122px) / 2)',
  'calc((100vw - 98px) / 2)',
].join(', ');

/** What a failed variant's tile says (D39: its credit was released). */
export const VARIANT_FAILED_TEXT = 'This variant failed; its credit was returned.';

export interface VariantsGridProps {
  variants: readonly GenerationVariant[];
  /** The variant on screen (the first completed one until another is picked). */
  currentId: string;
  prompt: string;
  /** "Share to community" was on: the picked variant is made public (D39). */
  share: boolean;
  /** The variant whose visibility change is on its way. */
  busyId?: string | null;
  onPick: (id: string) => void;
}

/** "AI-edited variant 2 of 4: add snow falling" (D42: a generated image's alt says so). */
export function variantAlt(index: number, total: number, prompt: string): string {
  const text = prompt.trim();
  const variant = `${AI_EDITED} variant ${index + 1} of ${total}`;
  return text ? `${variant}: ${text}` : variant;
}

/**
 * Issue 26 (D39): the variants of one Generate as a grid, each labelled "AI-edited" (D42) and with
 * "Use this one"; the one on screen is pressed. A failed variant is a small tile that says its
 * credit came back. Picking one makes it the current version (compare, download, save, share and
 * edit again act on it); with "Share to community" on, it is made public, the others stay private.
 */
export function VariantsGrid({ variants, currentId, prompt, share, busyId = null, onPick }: VariantsGridProps) {
  const titleId = useId();
  const hintId = useId();
  const total = variants.length;
  return (
    <section className={styles.variants} aria-labelledby={titleId} aria-describedby={hintId}>
      <h3 id={titleId} className={styles.title}>
        Pick a result
      </h3>
      <p id={hintId} className={styles.hint}>
        {share
          ? 'The one you use joins Recent Community Edits; the others stay private.'
          : 'They all stay private. Compare, download or edit the one you use.'}
      </p>
      <ul className={styles.grid}>
        {variants.map((variant, index) => {
          if (variant.status !== 'completed' || !variant.imageUrl) {
            return (
              <li key={variant.id} className={cx(styles.tile, styles.failed)}>
                <AlertCircleIcon width={20} height={20} />
                <p>
                  <VisuallyHidden>Variant {index + 1} of {total}: </VisuallyHidden>
                  {VARIANT_FAILED_TEXT}
                </p>
              </li>
            );
          }
          const isCurrent = variant.id === currentId;
          return (
            <li key={variant.id} className={cx(styles.tile, isCurrent && styles.current)}>
              <span className={styles.frame}>
                <RenditionImage
                  src={variant.imageUrl}
                  renditions={variant.generatedRenditions}
                  sizes={VARIANT_IMAGE_SIZES}
                  fallbackWidth={800}
                  fallbackHeight={600}
                  alt={variantAlt(index, total, prompt)}
                  decoding="async"
                  className={styles.image}
                />
                <AiEditedBadge overlay />
              </span>
              <Button
                size="sm"
                variant={isCurrent ? 'primary' : 'secondary'}
                aria-pressed={isCurrent}
                aria-busy={busyId === variant.id || undefined}
                className={styles.use}
                onClick={() => onPick(variant.id)}
              >
                {isCurrent ? <CheckCircleIcon width={16} height={16} /> : null}
                Use this one
                <VisuallyHidden>
                  : variant {index + 1} of {total}
                </VisuallyHidden>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
